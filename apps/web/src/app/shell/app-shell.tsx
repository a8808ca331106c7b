import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { MainContent, SkipLink } from '../../components/skip-link.tsx';
import { useAccountLanguage } from '../../features/language/hooks/use-language.ts';
import { usePluginLoading } from '../../features/plugins/loading/use-plugin-loading.ts';
import { useSignedInUser } from '../../sign-in/sign-in-context.tsx';
import { MobileHeader } from './mobile-header.tsx';
import { Sidebar } from './sidebar.tsx';

export const SIDEBAR_ID = 'app-sidebar';

/**
 * The signed-in layout: a sidebar that is always open from 768 px on, and below that a header whose
 * menu button toggles it (spec 01 §2, §9).
 */
export default function AppShell({ children }: { children: ReactNode }) {
  const user = useSignedInUser();
  const [isSidebarOpen, setSidebarOpen] = useState(false);
  const { pathname } = useLocation();
  useAccountLanguage();
  usePluginLoading();

  // Following a link on a small screen closes the sidebar again.
  useEffect(() => {
    if (pathname) setSidebarOpen(false);
  }, [pathname]);

  return (
    <div className="min-h-dvh md:flex">
      <SkipLink />
      <MobileHeader
        sidebarId={SIDEBAR_ID}
        isSidebarOpen={isSidebarOpen}
        onToggleSidebar={() => setSidebarOpen((open) => !open)}
      />
      <Sidebar id={SIDEBAR_ID} user={user} isOpen={isSidebarOpen} onClose={() => setSidebarOpen(false)} />
      <MainContent className="min-w-0 flex-1 p-4 md:p-8">{children}</MainContent>
    </div>
  );
}
