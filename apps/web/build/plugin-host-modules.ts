import {
  HOST_MODULES,
  type HostModuleSpecifier,
  hostImportMap,
  hostModulePath,
  hostModuleSource,
} from '@toolpass/plugin-sdk/host-modules';
import type { Plugin } from 'vite';

const SPECIFIERS = Object.keys(HOST_MODULES) as HostModuleSpecifier[];

/** The export names of each shared package, read from the package itself in Node. */
async function readSources(): Promise<Map<string, string>> {
  const sources = new Map<string, string>();
  for (const specifier of SPECIFIERS) {
    const namespace: Record<string, unknown> = await import(specifier);
    sources.set(hostModulePath(specifier), hostModuleSource(specifier, Object.keys(namespace)));
  }
  return sources;
}

/**
 * Lets plugins share the host's React, router, HeroUI and query client (decision 20): puts the import
 * map into index.html and writes the stand-in modules it points at to /plugin-host/.
 */
export function pluginHostModules(): Plugin {
  let sources: Promise<Map<string, string>> | undefined;
  const load = () => {
    sources ??= readSources();
    return sources;
  };
  return {
    name: 'toolpass-plugin-host-modules',
    transformIndexHtml: () => [
      { tag: 'script', attrs: { type: 'importmap' }, children: hostImportMap(), injectTo: 'head-prepend' },
    ],
    async generateBundle() {
      for (const [path, source] of await load()) {
        this.emitFile({ type: 'asset', fileName: path.slice(1), source });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (!request.url?.startsWith('/plugin-host/')) return next();
        void load().then((all) => {
          const source = all.get(request.url?.split('?')[0] ?? '');
          if (source === undefined) return next();
          response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
          response.end(source);
        }, next);
      });
    },
  };
}
