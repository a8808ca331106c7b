import type { User } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { PluginSidebarItems } from '../../features/plugins/components/plugin-sidebar-items.tsx';
import { hasAccess } from '../../sign-in/access.ts';
import { NAVIGATION } from './navigation.ts';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm ${
    isActive ? 'bg-accent-soft font-medium text-accent-soft-foreground' : 'text-foreground hover:bg-default'
  }`;

/**
 * The sidebar's groups, then the plugins' links; items the user may not open are hidden, and so
 * are emptied groups.
 */
export function SidebarNavigation({ user }: { user: User }) {
  const { t } = useTranslation();
  const groups = NAVIGATION.map((group) => ({
    ...group,
    items: group.items.filter(
      (item) =>
        hasAccess(user, item.access) &&
        (item.anyOf === undefined || item.anyOf.some((permission) => user.systemPermissions[permission])),
    ),
  })).filter((group) => group.items.length > 0);

  return (
    <nav aria-label={t('nav.label')} className="flex flex-col gap-3">
      {groups.map((group) => (
        <div key={group.id} className="flex flex-col gap-1">
          {group.labelKey && (
            <h2 className="px-3 text-xs font-semibold uppercase tracking-wide text-muted">
              {t(group.labelKey)}
            </h2>
          )}
          <ul className="flex flex-col gap-1">
            {group.items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={itemClass}>
                  <item.icon className="size-4" />
                  {t(item.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <PluginSidebarItems user={user} itemClass={itemClass} />
    </nav>
  );
}
