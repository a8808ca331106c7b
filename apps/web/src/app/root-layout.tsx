import { I18nProvider, RouterProvider } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { Outlet, useHref, useNavigate } from 'react-router';

/** Lets HeroUI links, rows and menu items navigate through React Router, in the app's language. */
export function RootLayout() {
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  return (
    <RouterProvider navigate={(to) => void navigate(to)} useHref={useHref}>
      <I18nProvider locale={i18n.resolvedLanguage ?? 'en'}>
        <Outlet />
      </I18nProvider>
    </RouterProvider>
  );
}
