import { Switch } from '@chakra-ui/react';

export interface ToggleSwitchProps {
  label: string;
  checked: boolean;
  onChange?: (checked: boolean) => void;
  disabled?: boolean;
}

/** An on/off switch (a checkbox with the switch role), styled here so that no switch recipe joins the entry chunk. */
export function ToggleSwitch({ label, checked, onChange, disabled }: ToggleSwitchProps) {
  return (
    <Switch.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={(details) => onChange?.(details.checked)}
      display="inline-flex"
      alignItems="center"
      gap="3"
      cursor={disabled ? 'not-allowed' : 'pointer'}
    >
      <Switch.HiddenInput />
      <Switch.Control
        display="inline-flex"
        alignItems="center"
        flexShrink="0"
        width="10"
        height="6"
        p="0.5"
        borderRadius="full"
        bg="gray.400"
        transition="background 0.15s"
        _checked={{ bg: 'brand.solid' }}
        _disabled={{ opacity: 0.6 }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      >
        <Switch.Thumb boxSize="5" borderRadius="full" bg="white" boxShadow="sm" transition="transform 0.15s" _checked={{ transform: 'translateX(16px)' }} />
      </Switch.Control>
      <Switch.Label fontWeight="medium">{label}</Switch.Label>
    </Switch.Root>
  );
}
