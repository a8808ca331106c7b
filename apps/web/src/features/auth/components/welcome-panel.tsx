import { useTranslation } from 'react-i18next';

/** Side panel of the sign-in screen on large screens (spec 01 §2). */
export function WelcomePanel() {
  const { t } = useTranslation();
  return (
    <aside className="hidden flex-col justify-center gap-4 bg-accent p-12 text-accent-foreground lg:flex">
      <p className="text-4xl font-bold">{t('auth.welcome.title')}</p>
      <p className="max-w-md text-lg">{t('auth.welcome.subtitle')}</p>
    </aside>
  );
}
