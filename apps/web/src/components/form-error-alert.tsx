import { Alert } from '@heroui/react';

/** A failed submit, shown above the form; the title may be left out where the card already says it. */
export function FormErrorAlert({ title, message }: { title?: string | undefined; message: string }) {
  return (
    <Alert status="danger" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        {title && <Alert.Title>{title}</Alert.Title>}
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
    </Alert>
  );
}
