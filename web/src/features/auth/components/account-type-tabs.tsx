import type { TabsContentProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ROLE_LABELS, SIGNUP_ACCOUNT_TYPES, type SignupAccountType } from '@solutionz/shared';
import { AppTabs } from '@/components/ui/app-tabs';

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
    <AppTabs.Root value={value} onValueChange={(type) => onChange(type as SignupAccountType)} variant="enclosed" fitted>
      <AppTabs.List aria-label="Account type">
        {SIGNUP_ACCOUNT_TYPES.map((type) => (
          <AppTabs.Trigger key={type} value={type}>
            {ROLE_LABELS[type]}
          </AppTabs.Trigger>
        ))}
      </AppTabs.List>
      {SIGNUP_ACCOUNT_TYPES.map((type) => (
        <AppTabs.Content key={type} value={type} pt={panelPt}>
          {type === value ? children : null}
        </AppTabs.Content>
      ))}
    </AppTabs.Root>
  );
}
