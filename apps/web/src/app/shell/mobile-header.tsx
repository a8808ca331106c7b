import { Button } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, MenuIcon } from '../../components/icons.tsx';

type MobileHeaderProps = { sidebarId: string; isSidebarOpen: boolean; onToggleSidebar: () => void };

/** Below 768 px: the app name and the button that opens and closes the sidebar. */
export function MobileHeader({ sidebarId, isSidebarOpen, onToggleSidebar }: MobileHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-30 flex items-center gap-2 border-b border-separator bg-background px-3 py-2 md:hidden">
      <Button
        isIconOnly
        variant="ghost"
        aria-label={isSidebarOpen ? t('nav.close') : t('nav.open')}
        aria-expanded={isSidebarOpen}
        aria-controls={sidebarId}
        onPress={onToggleSidebar}
      >
        {isSidebarOpen ? <CloseIcon /> : <MenuIcon />}
      </Button>
      <span className="font-semibold">{t('app.name')}</span>
    </header>
  );
}
