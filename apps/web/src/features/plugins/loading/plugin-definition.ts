import type { PluginDefinition } from '@toolpass/plugin-sdk';

/**
 * Checks the shape of what a plugin's entry exports as default, so a malformed plugin is refused
 * at load time with a message naming the fault rather than breaking a page later. Only the shape
 * is checked: what a component renders is the plugin's business.
 */
export function readPluginDefinition(value: unknown): PluginDefinition {
  if (!isObject(value)) throw new Error('the module has no default export made with definePlugin');
  const { routes, sidebarItems, resourceActions, translations } = value;
  listOf(routes, 'routes', (route) => {
    if (typeof route.path !== 'string' || !route.path.startsWith('/')) return 'a path starting with /';
    if (typeof route.component !== 'function' && route.element === undefined)
      return 'a component or an element';
    return permissionsFault(route);
  });
  listOf(sidebarItems, 'sidebarItems', (item) => {
    if (typeof item.labelKey !== 'string') return 'a labelKey';
    if (typeof item.path !== 'string' || !item.path.startsWith('/')) return 'a path starting with /';
    if (item.icon !== undefined && typeof item.icon !== 'function') return 'an icon component';
    return permissionsFault(item);
  });
  listOf(resourceActions, 'resourceActions', (action) => {
    const isButton = typeof action.labelKey === 'string' && typeof action.onPress === 'function';
    if (!isButton && typeof action.render !== 'function') return 'a labelKey with onPress, or render';
    return permissionsFault(action);
  });
  if (translations !== undefined) {
    if (!isObject(translations) || !isObject(translations.en) || !isObject(translations.de)) {
      throw new Error('translations needs an object for en and for de');
    }
  }
  return value as PluginDefinition;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function permissionsFault(entry: Record<string, unknown>): string | undefined {
  const permissions = entry.requiredPermissions;
  if (permissions === undefined) return undefined;
  const valid = Array.isArray(permissions) && permissions.every((name) => typeof name === 'string');
  return valid ? undefined : 'requiredPermissions as a list of permission names';
}

function listOf(
  value: unknown,
  field: string,
  fault: (entry: Record<string, unknown>) => string | undefined,
): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) throw new Error(`${field} must be a list`);
  value.forEach((entry, index) => {
    const problem = isObject(entry) ? fault(entry) : 'an object';
    if (problem) throw new Error(`${field}[${index}] needs ${problem}`);
  });
}
