import { Input, Label, TextArea, TextField } from '@heroui/react';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { LengthHint } from '../../../components/length-hint.tsx';
import { TranslatedFieldError } from '../../../components/translated-field-error.tsx';
import type { ResourceGroupFormState } from '../hooks/use-resource-group-form.ts';

/**
 * Name (required) and description (optional) of a group. Inside a Form with `validationErrors`,
 * the server's message for a field shows under it until that field is edited.
 */
export function ResourceGroupFormFields({ form }: { form: ResourceGroupFormState }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField isRequired name="name" value={form.name} onChange={form.setName}>
        <Label>{t('resourceGroups.fields.name')}</Label>
        <Input />
        <LengthHint value={form.name} max={NAME_MAX_LENGTH} />
        <TranslatedFieldError />
      </TextField>
      <TextField name="description" value={form.description} onChange={form.setDescription}>
        <Label>{t('resourceGroups.fields.description')}</Label>
        <TextArea rows={4} />
        <LengthHint value={form.description} max={DESCRIPTION_MAX_LENGTH} />
        <TranslatedFieldError />
      </TextField>
    </>
  );
}
