import { Alert } from '@chakra-ui/react';

/** The one-line failure under a form's fields; renders nothing while there is no message. */
export function FormErrorAlert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
