import {
  HOST_MODULES,
  type HostModuleSpecifier,
  hostImportMap,
  hostModulePath,
  hostModuleSource,
  SHARED_EXPORTS,
} from '@toolpass/plugin-sdk/host-modules';
import type { Plugin } from 'vite';

const SPECIFIERS = Object.keys(HOST_MODULES) as HostModuleSpecifier[];

/** The chosen export names, or every export of a package shared whole (read from it in Node). */
async function exportNames(specifier: HostModuleSpecifier): Promise<readonly string[]> {
  if (specifier in SHARED_EXPORTS) return SHARED_EXPORTS[specifier as keyof typeof SHARED_EXPORTS];
  const namespace: Record<string, unknown> = await import(specifier);
  return Object.keys(namespace);
}

async function readSources(): Promise<Map<string, string>> {
  const sources = new Map<string, string>();
  for (const specifier of SPECIFIERS) {
    sources.set(hostModulePath(specifier), hostModuleSource(specifier, await exportNames(specifier)));
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
