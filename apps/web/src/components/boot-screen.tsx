import { ProgressBar } from '@heroui/react';
import { useTranslation } from 'react-i18next';

/** Shown until translations and the persisted sign-in are ready (spec 01 §2). */
export function BootScreen() {
  // Without suspense: the screen is also the fallback while the translations themselves load.
  const { t, ready } = useTranslation('common', { useSuspense: false });
  const label = ready ? t('boot.title') : undefined;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      {ready && (
        <div>
          <h1 className="text-xl font-semibold">{t('boot.title')}</h1>
          <p className="text-muted">{t('boot.subtitle')}</p>
        </div>
      )}
      <ProgressBar isIndeterminate aria-label={label ?? 'Loading'} className="w-64">
        <ProgressBar.Track>
          <ProgressBar.Fill />
        </ProgressBar.Track>
      </ProgressBar>
    </main>
  );
}
