import { NAME_MAX_LENGTH } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { LengthHint } from '../../../components/length-hint.tsx';

type ReaderNameFieldProps = { value: string; onChange: (name: string) => void; error: string | undefined };

/** A reader's name, in the pair and the edit modal. */
export function ReaderNameField({ value, onChange, error }: ReaderNameFieldProps) {
  const { t } = useTranslation();
  return (
    <FormTextField
      name="name"
      label={t('readers.pairForm.name')}
      isRequired
      value={value}
      onChange={onChange}
      error={error}
    >
      <LengthHint value={value} max={NAME_MAX_LENGTH} />
    </FormTextField>
  );
}
