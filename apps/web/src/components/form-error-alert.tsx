import { OutcomeAlert } from './outcome-alert.tsx';

/** A failed submit, shown above the form. */
export function FormErrorAlert({ title, message }: { title: string; message: string }) {
  return <OutcomeAlert status="danger" title={title} message={message} />;
}
