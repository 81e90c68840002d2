import { Alert } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { PROFILE_MESSAGES } from '@solutionz/shared';

/** A settings tab that fails to render shows its message (docs/product/account-settings.md#account-settings); the sidebar keeps working. */
export class SettingsErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('An account settings tab failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{PROFILE_MESSAGES.settingsFailed}</Alert.Title>
      </Alert.Root>
    );
  }
}
