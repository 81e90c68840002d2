import { describe, expect, it, vi } from 'vitest';
import { useTestStripe } from '../testing/stripe';
import { CouponRefusedError, lazyPaymentGateway, type PaymentGateway } from './stripe-payments';

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

describe('the gateway over the real SDK', () => {
  const stripe = useTestStripe();

  // The adapter knows Stripe's refusals by their type (it does not load the SDK's error classes with itself).
  it('takes what Stripe does not have as gone, and a coupon Stripe refuses as refused', async () => {
    const { payments } = stripe;
    await expect(payments.customerUserId('cus_NotAtStripe0001')).resolves.toBeUndefined();
    await expect(payments.cancelNow('sub_NotAtStripe0001')).resolves.toBeUndefined();

    const customerId = await payments.createCustomer({ userId: 'user-1', email: 'ada@example.com', name: 'Ada' });
    const checkout = {
      customerId,
      userId: 'user-1',
      plan: 'yearly',
      successUrl: 'http://localhost/done',
      cancelUrl: 'http://localhost/back',
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
      metadata: {},
    } as const;
    await expect(payments.createCheckoutSession({ ...checkout, couponId: 'NO_SUCH_COUPON' })).rejects.toBeInstanceOf(CouponRefusedError);
    await expect(payments.createCheckoutSession(checkout)).resolves.toMatchObject({ url: expect.stringMatching(/^http/) });
  });
});
