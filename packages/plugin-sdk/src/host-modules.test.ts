import { describe, expect, it } from 'vitest';
import { HOST_MODULES, hostImportMap, hostModuleSource, PLUGIN_HOST_GLOBAL } from './host-modules.ts';

describe('host modules', () => {
  it('maps every shared specifier to its stand-in under /plugin-host/', () => {
    const { imports } = JSON.parse(hostImportMap()) as { imports: Record<string, string> };
    expect(Object.keys(imports)).toEqual(Object.keys(HOST_MODULES));
    expect(imports['react/jsx-runtime']).toBe('/plugin-host/react-jsx-runtime.js');
    expect(imports['@heroui/react']).toBe('/plugin-host/heroui-react.js');
  });

  it("writes a stand-in that re-exports the host's instance under each name", async () => {
    const source = hostModuleSource('react-router', [
      'matchPath',
      'Link',
      'default',
      'module.exports',
      'Link',
    ]);
    expect(source).toContain('export const { Link, matchPath } = instance;');
    const link = () => 'a link';
    const host = { 'react-router': { Link: link, matchPath: () => ({ params: { id: '7' } }) } };
    Object.assign(globalThis, { [PLUGIN_HOST_GLOBAL]: host });
    try {
      const module = await import(`data:text/javascript,${encodeURIComponent(source)}`);
      expect(module.Link).toBe(link);
      expect(module.matchPath()).toEqual({ params: { id: '7' } });
      expect(module.default).toBe(host['react-router']);
    } finally {
      Reflect.deleteProperty(globalThis, PLUGIN_HOST_GLOBAL);
    }
  });
});
