import { type ApiError as ApiErrorBody, RuleMessages } from '@toolpass/contracts';
import type { TFunction } from 'i18next';
import { translateServerMessage } from './server-message.ts';

export type ValidationIssue = NonNullable<ApiErrorBody['issues']>[number];

/** The contract's own wordings of a failed rule, where a code alone does not say which rule. */
const RULE_KEYS: Record<string, string> = {
  [RuleMessages.nulInText]: 'validation.nul',
  [RuleMessages.invisibleInName]: 'validation.invisible',
  [RuleMessages.usernameCharacters]: 'validation.usernameCharacters',
  [RuleMessages.wholeNumber]: 'validation.wholeNumber',
};

const number = (value: unknown) => (typeof value === 'number' ? value : Number(value));

/**
 * A validation failure of the server in the user's language, from its code and bounds (issue 13):
 * zod's English sentences never reach a screen. `serverText` is the server's wording of the same
 * failure, used to recognise the contract's own rules and as the last resort.
 */
export function validationMessage(t: TFunction, issue: ValidationIssue, serverText?: string): string {
  const params = issue.params ?? {};
  const rule = serverText ? RULE_KEYS[serverText] : undefined;
  if (rule) return t(rule);
  switch (issue.code) {
    case 'too_big':
      if (params.origin === 'string') return t('validation.tooLong', { max: number(params.maximum) });
      if (params.origin === 'array' || params.origin === 'set')
        return t('validation.tooMany', { max: number(params.maximum) });
      return t('validation.tooLarge', { max: number(params.maximum) });
    case 'too_small':
      if (params.origin === 'string') {
        return number(params.minimum) <= 1
          ? t('validation.required')
          : t('validation.tooShort', { min: number(params.minimum) });
      }
      if (params.origin === 'array' || params.origin === 'set')
        return t('validation.tooFew', { min: number(params.minimum) });
      return t('validation.tooSmall', { min: number(params.minimum) });
    case 'invalid_format':
      return params.format === 'email' ? t('validation.email') : t('validation.invalidFormat');
    case 'invalid_type':
    case 'invalid_value':
    case 'invalid_union':
      return t('validation.invalidValue');
    default: {
      const translated = serverText ? translateServerMessage(t, serverText) : undefined;
      return translated && translated !== serverText ? translated : t('validation.invalidValue');
    }
  }
}
