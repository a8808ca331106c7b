import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useCanControl } from '../api/use-active-usage.ts';

/**
 * When the viewer's own introduction to the resource lapses, or that it expired (decision 21);
 * nothing for an introduction that never lapses, or for none.
 */
export function IntroductionExpiryNote({ resourceId }: { resourceId: number }) {
  const { t } = useTranslation();
  const answer = useCanControl(resourceId).data;
  if (!answer?.introductionExpiresAt) return null;
  const date = formatDateTime(answer.introductionExpiresAt);
  return answer.introductionLapsed ? (
    <p className="rounded-xl border border-danger px-4 py-3 text-sm" data-testid="introduction-expiry">
      <span className="font-medium">{t('safetyRules.expiry.expired')}</span>{' '}
      {t('safetyRules.expiry.expiredOn', { date })}
    </p>
  ) : (
    <p className="text-sm text-muted" data-testid="introduction-expiry">
      {t('safetyRules.expiry.validUntil', { date })}
    </p>
  );
}
