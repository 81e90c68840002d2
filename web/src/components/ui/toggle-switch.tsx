import { chakra } from '@chakra-ui/react';

export interface ToggleSwitchProps {
  label: string;
  checked: boolean;
  onChange?: (checked: boolean) => void;
  disabled?: boolean;
}

/**
 * An on/off switch: a checkbox, labelled by its text, styled as a switch. A native input under a label rather than
 * Chakra's Switch, whose state machine and the zag runtime under it (about 8 KB gzip) the directory's first page
 * would load for this one control; styled here so that no switch recipe joins the entry chunk.
 */
export function ToggleSwitch({ label, checked, onChange, disabled }: ToggleSwitchProps) {
  // `_checked` and `_disabled` match these attributes, as they matched the ones Chakra's Switch set.
  const state = { 'data-state': checked ? 'checked' : 'unchecked', 'data-disabled': disabled ? '' : undefined };
  return (
    <chakra.label display="inline-flex" alignItems="center" gap="3" cursor={disabled ? 'not-allowed' : 'pointer'}>
      <chakra.input
        type="checkbox"
        className="peer"
        srOnly
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange?.(event.currentTarget.checked)}
      />
      <chakra.span
        aria-hidden="true"
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
        _peerFocusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
        {...state}
      >
        <chakra.span
          display="block"
          boxSize="5"
          borderRadius="full"
          bg="white"
          boxShadow="sm"
          transition="transform 0.15s"
          _checked={{ transform: 'translateX(16px)' }}
          {...state}
        />
      </chakra.span>
      <chakra.span fontWeight="medium">{label}</chakra.span>
    </chakra.label>
  );
}
