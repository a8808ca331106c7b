import { Form } from '@heroui/react';
import type { ResourceGroup } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RuleNumberField, ruleErrorText, ruleText } from '../../../components/rule-number-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useServerFieldErrors } from '../../../lib/use-server-field-errors.ts';
import { useUpdateResourceGroup } from '../api/use-update-resource-group.ts';

/** A positive whole number, or null for an empty field (none). */
const ruleValue = (text: string) => (text.trim() === '' ? null : Number(text));

/** How long an introduction to the group stays valid (decision 21); saved on its own. */
export function ResourceGroupRulesForm({ group }: { group: ResourceGroup }) {
  const { t } = useTranslation();
  const update = useUpdateResourceGroup(group.id);
  const [validForDays, setValidForDays] = useState(ruleText(group.introductionValidForDays));
  const [unusedDays, setUnusedDays] = useState(ruleText(group.introductionExpiresAfterUnusedDays));
  // A refused rule's message goes once it is edited; until then the field would stay invalid.
  const serverErrors = useServerFieldErrors(update.error);
  const errorOf = (field: string) => ruleErrorText(t, serverErrors.errors[field]?.[0]);

  return (
    <Form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          {
            name: group.name,
            ...(group.description ? { description: group.description } : {}),
            introductionValidForDays: ruleValue(validForDays),
            introductionExpiresAfterUnusedDays: ruleValue(unusedDays),
          },
          {
            onSuccess: () => notifySuccess(t('resourceGroups.details.savedTitle')),
            onError: (error) => notifyError(t('resourceGroups.details.updateFailedTitle'), error.message),
          },
        );
      }}
    >
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-medium">{t('safetyRules.fields.groupLegend')}</legend>
        <RuleNumberField
          name="introductionValidForDays"
          label={t('safetyRules.fields.validForDays')}
          description={t('safetyRules.fields.validForDaysHint')}
          value={validForDays}
          onChange={serverErrors.clearing('introductionValidForDays', setValidForDays)}
          error={errorOf('introductionValidForDays')}
        />
        <RuleNumberField
          name="introductionExpiresAfterUnusedDays"
          label={t('safetyRules.fields.unusedDays')}
          description={t('safetyRules.fields.groupUnusedDaysHint')}
          value={unusedDays}
          onChange={serverErrors.clearing('introductionExpiresAfterUnusedDays', setUnusedDays)}
          error={errorOf('introductionExpiresAfterUnusedDays')}
        />
      </fieldset>
      <SubmitButton className="w-fit" isPending={update.isPending}>
        {t('safetyRules.fields.saveRules')}
      </SubmitButton>
    </Form>
  );
}
