import { Input, Label, TextArea, TextField } from '@heroui/react';
import { useTranslation } from 'react-i18next';
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
        <TranslatedFieldError />
      </TextField>
      <TextField name="description" value={props.description} onChange={props.onDescriptionChange}>
        <Label>{t('resourceGroups.fields.description')}</Label>
        <TextArea rows={4} />
        <TranslatedFieldError />
      </TextField>
    </>
  );
}
