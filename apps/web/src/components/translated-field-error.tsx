import { FieldError } from '@heroui/react';
import { useTranslation } from 'react-i18next';

/**
 * The field's validation message in the app's language (the browser's own messages would follow
 * the browser language instead). A message from the server, when given, wins.
 */
export function TranslatedFieldError({ serverMessage }: { serverMessage?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <FieldError>
      {(validation) => {
        if (serverMessage) return serverMessage;
        if (validation.validationDetails.valueMissing) return t('validation.required');
        if (validation.validationDetails.typeMismatch) return t('validation.email');
        return validation.validationErrors.join(' ');
      }}
    </FieldError>
  );
}
