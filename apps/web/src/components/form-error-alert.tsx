import { Alert } from '@heroui/react';

/** A failed submit, shown above the form. */
export function FormErrorAlert({ title, message }: { title: string; message: string }) {
  return (
    <Alert status="danger" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
    </Alert>
  );
}
