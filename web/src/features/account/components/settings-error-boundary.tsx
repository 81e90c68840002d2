import { Alert } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { PROFILE_MESSAGES } from '@solutionz/shared';

/** A settings tab that fails to render shows the spec's message (spec 01 section 2.11); the sidebar keeps working. */
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
