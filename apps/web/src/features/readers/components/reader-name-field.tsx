import { FieldError, Input, Label, TextField } from '@heroui/react';
import { NAME_MAX_LENGTH } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { LengthHint } from '../../../components/length-hint.tsx';

type ReaderNameFieldProps = { value: string; onChange: (name: string) => void; error: string | undefined };

/** A reader's name, in the pair and the edit modal. */
export function ReaderNameField({ value, onChange, error }: ReaderNameFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      variant="secondary"
      name="name"
      isRequired
      value={value}
      onChange={onChange}
      isInvalid={error !== undefined}
    >
      <Label>{t('readers.pairForm.name')}</Label>
      <Input />
      <LengthHint value={value} max={NAME_MAX_LENGTH} />
      <FieldError>{error}</FieldError>
    </TextField>
  );
}
