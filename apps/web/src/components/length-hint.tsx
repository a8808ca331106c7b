import { Description } from '@heroui/react';
import { useTranslation } from 'react-i18next';

/** From this share of the limit on, the field shows how much room is left. */
const NEAR_LIMIT = 0.8;

/**
 * The length of a text field against the server's limit, shown only as it nears the limit (so
 * short texts stay uncluttered) and in the danger colour beyond it.
 */
export function LengthHint({ value, max }: { value: string; max: number }) {
  const { t } = useTranslation();
  if (value.length < max * NEAR_LIMIT) return null;
  return (
    <Description className={value.length > max ? 'text-danger' : undefined}>
      {t('validation.nearLimit', { length: value.length.toLocaleString(), max: max.toLocaleString() })}
    </Description>
  );
}
