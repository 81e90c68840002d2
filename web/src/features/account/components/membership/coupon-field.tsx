import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import { MEMBERSHIP_MESSAGES, MESSAGES } from '@solutionz/shared';
import { ApiError } from '@/lib/api-client';
import { useCheckCoupon } from '../../api/membership';

/** Where the coupon stands (docs/product/membership.md#first100): applying shows as the Apply button's spinner. */
export type CouponState = { status: 'unapplied' } | { status: 'applied'; code: string; freeMonths: number } | { status: 'invalid'; message: string };

export const UNAPPLIED: CouponState = { status: 'unapplied' };

export interface CouponFieldProps {
  code: string;
  state: CouponState;
  onCodeChange: (code: string) => void;
  onStateChange: (state: CouponState) => void;
  disabled?: boolean;
}

/**
 * The coupon code and its Apply button. The server says whether a code takes; a fully claimed offer
 * clears the code, as the checkout does.
 */
export function CouponField({ code, state, onCodeChange, onStateChange, disabled = false }: CouponFieldProps) {
  const check = useCheckCoupon();
  const trimmed = code.trim();

  const apply = () => {
    if (!trimmed || check.isPending) return;
    check.mutate(trimmed, {
      onSuccess: ({ couponCode, freeMonths }) => onStateChange({ status: 'applied', code: couponCode, freeMonths }),
      onError: (error) => {
        if (!(error instanceof ApiError)) return onStateChange({ status: 'invalid', message: MESSAGES.api.internal });
        if (/fully claimed/i.test(error.message)) {
          onCodeChange('');
          return onStateChange({ status: 'invalid', message: MEMBERSHIP_MESSAGES.couponClaimed });
        }
        onStateChange({ status: 'invalid', message: error.fieldMessage('couponCode') ?? error.message });
      },
    });
  };

  return (
    <Field.Root invalid={state.status === 'invalid'} disabled={disabled} maxW="md">
      <Field.Label>Coupon code</Field.Label>
      <HStack gap="2" width="full" align="start">
        <Input
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          onChange={(event) => {
            onCodeChange(event.target.value);
            if (state.status !== 'unapplied') onStateChange(UNAPPLIED);
          }}
          onKeyDown={(event) => {
            // Enter here applies the code rather than starting the checkout around it.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            apply();
          }}
        />
        <Button
          variant="outline"
          onClick={apply}
          disabled={disabled || !trimmed || state.status === 'applied'}
          loading={check.isPending}
          loadingText="Applying..."
        >
          Apply
        </Button>
      </HStack>
      {state.status === 'unapplied' && <Field.HelperText>Have a code, such as an introductory offer? Apply it here.</Field.HelperText>}
      <Text role="status" color="green.700" fontSize="sm" fontWeight="medium">
        {state.status === 'applied' ? MEMBERSHIP_MESSAGES.couponApplied(state.freeMonths) : null}
      </Text>
      <Field.ErrorText color="red.700">{state.status === 'invalid' ? state.message : null}</Field.ErrorText>
    </Field.Root>
  );
}
