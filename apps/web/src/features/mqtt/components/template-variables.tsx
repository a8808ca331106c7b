import { TEMPLATE_VARIABLES, type TemplateVariable } from '@toolpass/contracts';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

function explanation(t: TFunction, variable: TemplateVariable): string {
  switch (variable) {
    case 'id':
      return t('mqtt.variables.id');
    case 'name':
      return t('mqtt.variables.name');
    case 'timestamp':
      return t('mqtt.variables.timestamp');
    case 'user.id':
      return t('mqtt.variables.userId');
    case 'user.username':
      return t('mqtt.variables.userUsername');
    case 'user.externalIdentifier':
      return t('mqtt.variables.userExternalIdentifier');
    case 'previousUser.id':
      return t('mqtt.variables.previousUserId');
    case 'previousUser.username':
      return t('mqtt.variables.previousUserUsername');
    case 'previousUser.externalIdentifier':
      return t('mqtt.variables.previousUserExternalIdentifier');
  }
}

/** The placeholders topics and messages may use, each with what it becomes (spec 02 §3). */
export function TemplateVariables() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="font-semibold">
        {t('mqtt.variables.title')}
      </h2>
      <p className="text-sm text-muted">{t('mqtt.variables.description')}</p>
      <dl className="flex flex-col gap-2 text-sm">
        {TEMPLATE_VARIABLES.map((variable) => (
          <div key={variable}>
            <dt>
              <code className="rounded bg-default px-1 py-0.5 font-mono text-xs [overflow-wrap:anywhere]">{`{{${variable}}}`}</code>
            </dt>
            <dd className="text-muted">{explanation(t, variable)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
