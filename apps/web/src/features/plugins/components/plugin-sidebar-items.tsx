import type { User } from '@toolpass/contracts';
import type { PluginSidebarItem } from '@toolpass/plugin-sdk';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { hasAccess } from '../../../sign-in/access.ts';
import { pluginNamespace } from '../loading/plugin-namespace.ts';
import { usePluginRegistry } from '../loading/plugin-registry.ts';
import { PuzzleIcon } from './puzzle-icon.tsx';

type ItemClass = (state: { isActive: boolean }) => string;

function PluginItemLink({
  pluginName,
  item,
  className,
}: {
  pluginName: string;
  item: PluginSidebarItem;
  className: ItemClass;
}) {
  const { t } = useTranslation(pluginNamespace(pluginName));
  const ItemIcon = item.icon ?? PuzzleIcon;
  return (
    <NavLink to={item.path} className={className}>
      <ItemIcon className="size-4" aria-hidden="true" />
      {t(item.labelKey)}
    </NavLink>
  );
}

/**
 * The sidebar's group of plugin links; items the user may not open are hidden like the app's own
 * (spec 01 §2), and the group with them.
 */
export function PluginSidebarItems({ user, itemClass }: { user: User; itemClass: ItemClass }) {
  const { t } = useTranslation();
  const { plugins } = usePluginRegistry();
  const items = plugins.flatMap((plugin) =>
    (plugin.definition.sidebarItems ?? [])
      .filter((item) => hasAccess(user, { permissions: item.requiredPermissions ?? [] }))
      .map((item) => ({ pluginName: plugin.name, item })),
  );
  if (items.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <h2 className="px-3 text-xs font-semibold uppercase tracking-wide text-muted">
        {t('nav.groups.plugins')}
      </h2>
      <ul className="flex flex-col gap-1">
        {items.map(({ pluginName, item }) => (
          <li key={`${pluginName}:${item.path}`}>
            <PluginItemLink pluginName={pluginName} item={item} className={itemClass} />
          </li>
        ))}
      </ul>
    </div>
  );
}
