import { Input, Label, TextArea, TextField } from '@heroui/react';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { LengthHint } from '../../../components/length-hint.tsx';
import { TranslatedFieldError } from '../../../components/translated-field-error.tsx';

type ResourceGroupFormFieldsProps = {
  name: string;
  onNameChange: (name: string) => void;
  description: string;
  onDescriptionChange: (description: string) => void;
};

/**
 * Name (required) and description (optional) of a group. Inside a Form with `validationErrors`,
 * the server's message for a field shows under it until that field is edited.
 */
export function ResourceGroupFormFields(props: ResourceGroupFormFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField isRequired name="name" value={props.name} onChange={props.onNameChange}>
        <Label>{t('resourceGroups.fields.name')}</Label>
        <Input />
        <LengthHint value={props.name} max={NAME_MAX_LENGTH} />
        <TranslatedFieldError />
      </TextField>
      <TextField name="description" value={props.description} onChange={props.onDescriptionChange}>
        <Label>{t('resourceGroups.fields.description')}</Label>
        <TextArea rows={4} />
        <LengthHint value={props.description} max={DESCRIPTION_MAX_LENGTH} />
        <TranslatedFieldError />
      </TextField>
    </>
  );
}
