import { Button, type ButtonProps } from '@heroui/react';
import { useNeedsConnection } from '../lib/use-is-online.ts';

/**
 * The submit button of a form that sends something to the server: offline it is disabled up
 * front with the reason, instead of letting the member fill in a form only to read an error.
 */
export function SubmitButton({ isDisabled, ...props }: Omit<ButtonProps, 'type'>) {
  const needsConnection = useNeedsConnection(isDisabled);
  return (
    <Button
      {...props}
      type="submit"
      isDisabled={needsConnection.isDisabled}
      aria-describedby={needsConnection['aria-describedby'] ?? props['aria-describedby']}
    />
  );
}
