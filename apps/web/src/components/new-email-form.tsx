import { Form, Input, Label, TextField } from '@heroui/react';
import { useState } from 'react';
import { SubmitButton } from './submit-button.tsx';
import { TranslatedFieldError } from './translated-field-error.tsx';

/**
 * A new-address field with its submit button (spec 01 §5: required, email type, a blank entry
 * after trimming is neither submittable nor sent). `onSubmit` gets the trimmed address and a
 * function that empties the field once the change went through.
 */
export function NewEmailForm(props: {
  label: string;
  submitLabel: string;
  isPending: boolean;
  autoComplete?: string;
  onSubmit: (email: string, clear: () => void) => void;
}) {
  const [newEmail, setNewEmail] = useState('');
  const trimmed = newEmail.trim();
  return (
    <Form
      className="flex flex-col gap-4 sm:flex-row sm:items-start"
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed) props.onSubmit(trimmed, () => setNewEmail(''));
      }}
    >
      <TextField
        isRequired
        name="newEmail"
        type="email"
        {...(props.autoComplete ? { autoComplete: props.autoComplete } : {})}
        className="flex-1"
        value={newEmail}
        onChange={setNewEmail}
      >
        <Label>{props.label}</Label>
        <Input />
        <TranslatedFieldError />
      </TextField>
      <SubmitButton className="sm:mt-6" isDisabled={!trimmed} isPending={props.isPending}>
        {props.submitLabel}
      </SubmitButton>
    </Form>
  );
}
