import { useTranslation } from 'react-i18next';
import { OFFLINE_BANNER_ID, useIsOnline } from '../lib/use-is-online.ts';

/** A plain line at the top while offline (spec 01 §1): what still works, and that it recovers. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <div
      id={OFFLINE_BANNER_ID}
      role="status"
      className="sticky top-0 z-50 bg-warning px-4 py-2 text-center text-sm text-warning-foreground"
    >
      {t('pwa.offline')}
    </div>
  );
}
