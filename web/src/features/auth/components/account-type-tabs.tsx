import { Tabs, type TabsContentProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ROLE_LABELS, SIGNUP_ACCOUNT_TYPES, type SignupAccountType } from '@solutionz/shared';

export interface AccountTypeTabsProps {
  value: SignupAccountType;
  onChange: (type: SignupAccountType) => void;
  /** Space between the tab list and the panel. */
  panelPt?: TabsContentProps['pt'];
  /** The selected tab's panel; the other panels stay empty. */
  children: ReactNode;
}

/** The client / provider choice at the top of the sign-in and sign-up screens. */
export function AccountTypeTabs({ value, onChange, panelPt, children }: AccountTypeTabsProps) {
  return (
    <Tabs.Root value={value} onValueChange={(details) => onChange(details.value as SignupAccountType)} variant="enclosed" fitted>
      <Tabs.List aria-label="Account type">
        {SIGNUP_ACCOUNT_TYPES.map((type) => (
          <Tabs.Trigger key={type} value={type}>
            {ROLE_LABELS[type]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {SIGNUP_ACCOUNT_TYPES.map((type) => (
        <Tabs.Content key={type} value={type} pt={panelPt}>
          {type === value ? children : null}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
