import { useTranslation } from 'react-i18next';
import { RuleNumberField, ruleErrorText } from '../../../components/rule-number-field.tsx';

/** The three safety rules of a resource as typed, empty meaning none (decision 21). */
export type ResourceRulesText = {
  maxSessionMinutes: string;
  introductionValidForDays: string;
  introductionExpiresAfterUnusedDays: string;
};

type ResourceRuleFieldsProps = {
  value: ResourceRulesText;
  onChange: (value: ResourceRulesText) => void;
  fieldErrors: Record<string, string[] | undefined>;
};

/** Maximum session length and how long an introduction stays valid, in the resource form. */
export function ResourceRuleFields({ value, onChange, fieldErrors }: ResourceRuleFieldsProps) {
  const { t } = useTranslation();
  const field = (name: keyof ResourceRulesText, label: string, description: string) => {
    return (
      <RuleNumberField
        name={name}
        label={label}
        description={description}
        value={value[name]}
        onChange={(text) => onChange({ ...value, [name]: text })}
        error={ruleErrorText(t, fieldErrors[name]?.[0])}
      />
    );
  };
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 font-medium">{t('safetyRules.fields.legend')}</legend>
      {field(
        'maxSessionMinutes',
        t('safetyRules.fields.maxSessionMinutes'),
        t('safetyRules.fields.maxSessionMinutesHint'),
      )}
      {field(
        'introductionValidForDays',
        t('safetyRules.fields.validForDays'),
        t('safetyRules.fields.validForDaysHint'),
      )}
      {field(
        'introductionExpiresAfterUnusedDays',
        t('safetyRules.fields.unusedDays'),
        t('safetyRules.fields.unusedDaysHint'),
      )}
    </fieldset>
  );
}
