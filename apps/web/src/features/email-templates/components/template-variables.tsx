import { Button } from '@heroui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { placeholderOf } from '../email-template-draft.ts';
import { variableDescription } from '../hooks/email-template-messages.ts';

type TemplateVariablesProps = { variables: readonly string[]; onInsert: (placeholder: string) => void };

/** The variables this template is given, each a button that writes it at the editor's cursor. */
export function TemplateVariables({ variables, onInsert }: TemplateVariablesProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-sm font-medium">
        {t('emailTemplates.variables.title')}
      </h2>
      <p className="text-xs text-muted">{t('emailTemplates.variables.hint')}</p>
      <ul className="flex flex-wrap gap-x-4 gap-y-2">
        {variables.map((variable) => {
          const placeholder = placeholderOf(variable);
          return (
            <li key={variable} className="flex items-center gap-2">
              <Button
                size="sm"
                variant="secondary"
                className="font-mono"
                aria-label={t('emailTemplates.variables.insert', { placeholder })}
                onPress={() => onInsert(placeholder)}
              >
                {placeholder}
              </Button>
              <span className="text-xs text-muted">{variableDescription(t, variable)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
