import { ResourceMessages } from '@toolpass/contracts';
import i18n from 'i18next';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { MainContent, SkipLink } from '../../components/skip-link.tsx';
import { addBookingServerMessages } from '../../features/bookings/booking-messages.ts';
import { useAccountLanguage } from '../../features/language/hooks/use-language.ts';
import { usePluginLoading } from '../../features/plugins/loading/use-plugin-loading.ts';
import { addServerMessages, translateServerMessage } from '../../i18n/server-message.ts';
import { setServerWording } from '../../lib/notify.ts';
import { useSignedInUser } from '../../sign-in/sign-in-context.tsx';
import { MobileHeader } from './mobile-header.tsx';
import { Sidebar } from './sidebar.tsx';

export const SIDEBAR_ID = 'app-sidebar';

// The messages of resources, groups, usage, introductions and bookings in human words from here
// on; the sign-in screen never shows them, so its download does without them.
addServerMessages(ResourceMessages);
addBookingServerMessages();
setServerWording((description) => translateServerMessage(i18n.t.bind(i18n), description));

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
