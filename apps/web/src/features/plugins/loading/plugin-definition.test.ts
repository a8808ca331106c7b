import { describe, expect, it } from 'vitest';
import { readPluginDefinition } from './plugin-definition.ts';

const Page = () => null;

describe('readPluginDefinition', () => {
  it('accepts a definition with routes, sidebar items, resource actions and translations', () => {
    const definition = {
      routes: [{ path: '/counter', component: Page, requiredPermissions: ['canManageResources'] }],
      sidebarItems: [{ labelKey: 'nav', path: '/counter' }],
      resourceActions: [{ labelKey: 'count', onPress: () => undefined }, { render: () => null }],
      translations: { en: { nav: 'Counter' }, de: { nav: 'Zähler' } },
    };
    expect(readPluginDefinition(definition)).toBe(definition);
    expect(readPluginDefinition({})).toEqual({});
  });

  it('refuses a module without a definition as its default export', () => {
    expect(() => readPluginDefinition(undefined)).toThrow('no default export made with definePlugin');
    expect(() => readPluginDefinition(42)).toThrow('no default export');
  });

  it('names the entry that is malformed', () => {
    expect(() => readPluginDefinition({ routes: [{ path: 'counter', component: Page }] })).toThrow(
      'routes[0] needs a path starting with /',
    );
    expect(() => readPluginDefinition({ routes: [{ path: '/counter' }] })).toThrow(
      'routes[0] needs a component or an element',
    );
    expect(() => readPluginDefinition({ sidebarItems: [{ path: '/x' }] })).toThrow(
      'sidebarItems[0] needs a labelKey',
    );
    expect(() => readPluginDefinition({ resourceActions: [{}, { labelKey: 'x' }] })).toThrow(
      'resourceActions[0] needs a labelKey with onPress, or render',
    );
    expect(() =>
      readPluginDefinition({ sidebarItems: [{ labelKey: 'x', path: '/x', requiredPermissions: 'all' }] }),
    ).toThrow('requiredPermissions as a list');
    expect(() => readPluginDefinition({ routes: {} })).toThrow('routes must be a list');
    expect(() => readPluginDefinition({ translations: { en: {} } })).toThrow(
      'translations needs an object for en and for de',
    );
  });
});
