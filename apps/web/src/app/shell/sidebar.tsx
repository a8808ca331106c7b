import type { User } from '@toolpass/contracts';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SidebarNavigation } from './sidebar-navigation.tsx';
import { SidebarProjectLinks } from './sidebar-project-links.tsx';
import { ThemeSwitcher } from './theme-switcher.tsx';
import { edgeFadeMask, useScrollEdges } from './use-scroll-edges.ts';
import { UserMenu } from './user-menu.tsx';

type SidebarProps = { id: string; user: User; isOpen: boolean; onClose: () => void };

/** How far the scroll area's edge fades where more lies beyond it. */
const FADE_PX = 40;

/**
 * Scrolls the sidebar's scroll area (and nothing else: `scrollIntoView` would move the page too)
 * just far enough that the current route's entry is in sight and clear of the fade. A hidden
 * sidebar has no boxes and stays as it is.
 */
function revealCurrentEntry(scrollArea: HTMLElement) {
  const entry = scrollArea.querySelector('[aria-current="page"]');
  if (!entry) return;
  const area = scrollArea.getBoundingClientRect();
  const box = entry.getBoundingClientRect();
  if (box.top < area.top + FADE_PX) scrollArea.scrollTop -= area.top + FADE_PX - box.top;
  else if (box.bottom > area.bottom - FADE_PX) scrollArea.scrollTop += box.bottom - (area.bottom - FADE_PX);
}

/**
 * The navigation (spec 01 §2 "Sidebar and layout"). The app name, the entries and the project links
 * scroll as one area, with a scroll bar and a fade at an edge with more beyond it (use-scroll-edges.ts); the account
 * footer stays put. An administrator's entries all fit a laptop screen 768 px high; on a lower one
 * the current entry is scrolled into sight.
 */
export function Sidebar({ id, user, isOpen, onClose }: SidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scrollAreaRef = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(scrollAreaRef);
  const mask = edgeFadeMask(edges, FADE_PX);

  // After each navigation, and when the sidebar opens on a phone (before that it has no boxes);
  // before the browser paints, so the list does not jump in sight.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current entry moves with the route and shows with the sidebar.
  useLayoutEffect(() => {
    if (scrollAreaRef.current) revealCurrentEntry(scrollAreaRef.current);
    edges.update();
  }, [pathname, isOpen]);

  useEffect(() => {
    if (!isOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [isOpen, onClose]);

  return (
    <>
      {isOpen && (
        <button
          type="button"
          tabIndex={-1}
          aria-label={t('nav.close')}
          className="fixed inset-0 z-30 bg-black/40 md:hidden"
          onClick={onClose}
        />
      )}
      <aside
        id={id}
        aria-label={t('nav.sidebar')}
        className={`${isOpen ? 'fixed inset-y-0 left-0 z-40 flex shadow-xl' : 'hidden'} w-64 shrink-0 flex-col border-r border-separator bg-surface md:sticky md:top-0 md:flex md:h-dvh md:shadow-none`}
      >
        <div
          ref={scrollAreaRef}
          data-slot="sidebar-scroll"
          data-more-above={edges.moreAbove}
          data-more-below={edges.moreBelow}
          onScroll={edges.update}
          style={mask ? { maskImage: mask } : undefined}
          className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-3"
        >
          <Link to="/resources" className="px-3 pt-2 text-lg font-semibold">
            {t('app.name')}
          </Link>
          <SidebarNavigation user={user} />
          <div className="mt-auto">
            <SidebarProjectLinks userId={user.id} />
          </div>
        </div>
        <div className="mx-3 mb-3 flex items-center gap-1 border-t border-separator pt-3">
          <div className="min-w-0 flex-1">
            <UserMenu user={user} />
          </div>
          <ThemeSwitcher />
        </div>
      </aside>
    </>
  );
}
