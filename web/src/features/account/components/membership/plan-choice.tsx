import { Box, chakra, Fieldset, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { MEMBERSHIP_PLANS, PLANS, YEARLY_COMPARISON_PENCE, type MembershipPlan } from '@solutionz/shared';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatPence } from '@/lib/money';

/** What the yearly plan saves against twelve monthly payments, the percentage rounded down to the ten ("over 40%"). */
function yearlySaving() {
  const savedPence = YEARLY_COMPARISON_PENCE - PLANS.yearly.pricePence;
  return {
    comparison: formatPence(YEARLY_COMPARISON_PENCE),
    saved: formatPence(savedPence),
    overPercent: Math.floor((savedPence / YEARLY_COMPARISON_PENCE) * 10) * 10,
  };
}

const Radio = chakra('input');

export interface PlanChoiceProps {
  value: MembershipPlan;
  onChange: (plan: MembershipPlan) => void;
  disabled?: boolean;
}

/**
 * The two plans as a radio group (docs/product/membership.md#plans): native radios inside the cards, so Tab reaches
 * the chosen one and the arrow keys move between them, and a click anywhere on a card chooses it.
 */
export function PlanChoice({ value, onChange, disabled = false }: PlanChoiceProps) {
  const saving = yearlySaving();
  return (
    <Fieldset.Root disabled={disabled}>
      <Fieldset.Legend fontSize="lg" fontWeight="semibold" mb="3">
        Choose a plan
      </Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {MEMBERSHIP_PLANS.map((plan) => {
          const selected = plan === value;
          const { label, pricePence, interval } = PLANS[plan];
          return (
            <Box
              as="label"
              key={plan}
              display="flex"
              gap="3"
              alignItems="flex-start"
              p="5"
              borderWidth="2px"
              borderRadius="lg"
              borderColor={selected ? 'brand.solid' : 'border'}
              bg={selected ? 'brand.subtle' : 'bg'}
              cursor={disabled ? 'not-allowed' : 'pointer'}
              _focusWithin={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
            >
              <Radio
                type="radio"
                name="plan"
                value={plan}
                checked={selected}
                disabled={disabled}
                onChange={() => onChange(plan)}
                aria-labelledby={`plan-${plan}-label`}
                aria-describedby={`plan-${plan}-details`}
                mt="1"
                boxSize="4"
                accentColor="brand.solid"
              />
              <Stack gap="1">
                <Box display="flex" gap="2" alignItems="center" flexWrap="wrap">
                  <Text as="span" id={`plan-${plan}-label`} fontWeight="semibold">
                    {label}
                  </Text>
                  {plan === 'yearly' && <StatusBadge tone="green">Save over {saving.overPercent}%</StatusBadge>}
                </Box>
                <Stack gap="1" id={`plan-${plan}-details`}>
                  <Text fontSize="2xl" fontWeight="bold">
                    {formatPence(pricePence)}
                    <Text as="span" fontSize="md" fontWeight="normal" color="fg.muted">
                      /{interval}
                    </Text>
                  </Text>
                  <Text color="fg.muted" fontSize="sm">
                    {plan === 'yearly'
                      ? `${saving.comparison} a year paying monthly: you save ${saving.saved}, over ${saving.overPercent}%.`
                      : 'Pay as you go, cancel at any time.'}
                  </Text>
                </Stack>
              </Stack>
            </Box>
          );
        })}
      </SimpleGrid>
    </Fieldset.Root>
  );
}
