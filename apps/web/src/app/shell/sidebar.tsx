import type { User } from '@toolpass/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SidebarNavigation } from './sidebar-navigation.tsx';
import { SidebarProjectLinks } from './sidebar-project-links.tsx';
import { ThemeSwitcher } from './theme-switcher.tsx';
import { UserMenu } from './user-menu.tsx';

type SidebarProps = { id: string; user: User; isOpen: boolean; onClose: () => void };

export function Sidebar({ id, user, isOpen, onClose }: SidebarProps) {
  const { t } = useTranslation();

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
        className={`${isOpen ? 'fixed inset-y-0 left-0 z-40 flex shadow-xl' : 'hidden'} w-64 shrink-0 flex-col gap-6 border-r border-separator bg-surface p-3 md:sticky md:top-0 md:flex md:h-dvh md:shadow-none`}
      >
        <Link to="/resources" className="px-3 pt-2 text-lg font-semibold">
          {t('app.name')}
        </Link>
        <div className="flex-1 overflow-y-auto">
          <SidebarNavigation user={user} />
        </div>
        <SidebarProjectLinks userId={user.id} />
        <div className="flex items-center gap-1 border-t border-separator pt-3">
          <div className="min-w-0 flex-1">
            <UserMenu user={user} />
          </div>
          <ThemeSwitcher />
        </div>
      </aside>
    </>
  );
}
