import { describe, expect, it, vi } from 'vitest';
import { lazyPaymentGateway, type PaymentGateway } from './stripe-payments';

describe('lazyPaymentGateway', () => {
  it('reads nothing until Stripe is needed, then makes the gateway once, trying again after a failed start', async () => {
    const listSubscriptions = vi.fn(async () => []);
    const load = vi
      .fn<() => Promise<PaymentGateway>>()
      .mockRejectedValueOnce(new Error('SSM parameters not found: /solutionz/prod/stripe/secret-key'))
      .mockResolvedValue({ listSubscriptions } as unknown as PaymentGateway);
    const gateway = lazyPaymentGateway(load);
    expect(load).not.toHaveBeenCalled();

    await expect(gateway.listSubscriptions('cus_1')).rejects.toThrow('SSM parameters not found');
    await expect(gateway.listSubscriptions('cus_1')).resolves.toEqual([]);
    await gateway.listSubscriptions('cus_2');
    expect(load).toHaveBeenCalledTimes(2);
    expect(listSubscriptions).toHaveBeenLastCalledWith('cus_2');
  });
});
