import { Description, FieldError, Input, Label, TextField } from '@heroui/react';
import { ResourceMessages } from '@toolpass/contracts';
import type { TFunction } from 'i18next';

type RuleNumberFieldProps = {
  name: string;
  label: string;
  description: string;
  /** The number as typed; empty for none. */
  value: string;
  onChange: (value: string) => void;
  /** The server's message for the field, translated; undefined when fine. */
  error: string | undefined;
};

/** A safety rule's number (minutes or days): a positive whole number, or empty for none. */
export function RuleNumberField(props: RuleNumberFieldProps) {
  return (
    <TextField
      name={props.name}
      type="number"
      value={props.value}
      onChange={props.onChange}
      isInvalid={props.error !== undefined}
    >
      <Label>{props.label}</Label>
      <Input min={1} step={1} inputMode="numeric" />
      <Description>{props.description}</Description>
      <FieldError>{props.error}</FieldError>
    </TextField>
  );
}

/** A rule as the form shows it: the number, or empty for none. */
export const ruleText = (value: number | null | undefined) => (value ? String(value) : '');

/** The server's message for a rule field in the user's language. */
export function ruleErrorText(t: TFunction, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  return message === ResourceMessages.positiveWholeNumber
    ? t('safetyRules.fields.positiveWholeNumber')
    : message;
}
