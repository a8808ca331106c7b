import { Alert } from '@heroui/react';

type OutcomeAlertProps = {
  status: 'success' | 'warning' | 'danger';
  title?: string | undefined;
  message: string;
};

/**
 * What came of an action, in the page: a failure is announced at once (role alert), anything
 * else politely (role status).
 */
export function OutcomeAlert({ status, title, message }: OutcomeAlertProps) {
  return (
    <Alert status={status} role={status === 'danger' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Content>
        {title !== undefined && <Alert.Title>{title}</Alert.Title>}
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
    </Alert>
  );
}
