import { Button } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Last resort when a page fails to render or its code cannot be loaded (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold">{t('routeError.title')}</h1>
      <p className="text-muted">{t('routeError.message')}</p>
      <Button onPress={() => window.location.reload()}>{t('routeError.reload')}</Button>
    </main>
  );
}
