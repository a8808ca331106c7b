import { Description, FieldError, Input, Label, TextField } from '@heroui/react';
import type { ComponentProps, ReactNode } from 'react';

type FormTextFieldProps = {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The translated problem, from the draft's checks or the server's answer; undefined when fine. */
  error: string | undefined;
  isRequired?: boolean;
  isDisabled?: boolean;
  type?: 'text' | 'password' | 'url';
  description?: string;
  inputProps?: ComponentProps<typeof Input>;
  /** Shown under the description, such as a length hint. */
  children?: ReactNode;
};

/** A labelled text input of the settings forms, with its hint and its error under it. */
export function FormTextField(props: FormTextFieldProps) {
  return (
    <TextField
      variant="secondary"
      name={props.name}
      type={props.type ?? 'text'}
      isRequired={props.isRequired}
      isDisabled={props.isDisabled}
      value={props.value}
      onChange={props.onChange}
      isInvalid={props.error !== undefined}
    >
      <Label>{props.label}</Label>
      <Input {...props.inputProps} />
      {props.description && <Description>{props.description}</Description>}
      {props.children}
      <FieldError>{props.error}</FieldError>
    </TextField>
  );
}
