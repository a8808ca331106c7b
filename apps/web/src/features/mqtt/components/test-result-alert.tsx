import { Alert } from '@heroui/react';

type TestResultAlertProps = {
  /** success: the green alert; anything else the danger one (spec 02 §4). */
  success: boolean;
  title: string;
  message: string;
};

/** The outcome of a test of a server or a configuration. */
export function TestResultAlert({ success, title, message }: TestResultAlertProps) {
  return (
    <Alert status={success ? 'success' : 'danger'} role={success ? 'status' : 'alert'}>
      <Alert.Indicator />
      <Alert.Content className="min-w-0">
        <Alert.Title>{title}</Alert.Title>
        {message && <Alert.Description className="[overflow-wrap:anywhere]">{message}</Alert.Description>}
      </Alert.Content>
    </Alert>
  );
}
