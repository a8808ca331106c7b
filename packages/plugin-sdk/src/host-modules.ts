/**
 * The modules a plugin shares with the host instead of bundling its own copy: one React (hooks and
 * context break with two), one router (links and params), one HeroUI (theme) and one query client.
 * The host's index.html carries an import map from each specifier to a small module under
 * /plugin-host/ that re-exports the host's instance from {@link PLUGIN_HOST_GLOBAL}.
 */
export const HOST_MODULES = {
  react: 'react',
  'react-dom': 'react-dom',
  'react/jsx-runtime': 'react-jsx-runtime',
  'react-router': 'react-router',
  '@heroui/react': 'heroui-react',
  '@tanstack/react-query': 'tanstack-react-query',
  '@toolpass/plugin-sdk': 'toolpass-plugin-sdk',
} as const;

export type HostModuleSpecifier = keyof typeof HOST_MODULES;

/**
 * What plugins get of the ES packages: the parts the app itself uses, not the whole package.
 * Sharing a whole package would keep every export of it in the app's own bundle (a bundler drops
 * only what nobody imports): about 80 KB more JavaScript on the sign-in screen, and even a part
 * the app does not use costs there when it shares a module with one it does. React, React DOM
 * and the JSX runtime are CommonJS and whole anyway, and the SDK is small: those are shared in
 * full. Importing a name outside these lists fails the plugin's load, and the host skips it.
 */
export const SHARED_EXPORTS = {
  'react-router': [
    'Link',
    'NavLink',
    'Navigate',
    'Outlet',
    'matchPath',
    'useHref',
    'useLocation',
    'useNavigate',
    'useParams',
    'useSearchParams',
  ],
  '@tanstack/react-query': [
    'keepPreviousData',
    'queryOptions',
    'useMutation',
    'useQueries',
    'useQuery',
    'useQueryClient',
  ],
  '@heroui/react': [
    'Alert',
    'AlertDialog',
    'Button',
    'Card',
    'Checkbox',
    'Chip',
    'Description',
    'EmptyState',
    'FieldError',
    'Form',
    'Input',
    'Label',
    'ListBox',
    'Modal',
    'ProgressBar',
    'Radio',
    'RadioGroup',
    'Select',
    'Separator',
    'Skeleton',
    'Spinner',
    'Switch',
    'Table',
    'Tabs',
    'TextArea',
    'TextField',
    'buttonVariants',
    'toast',
  ],
} as const satisfies Partial<Record<HostModuleSpecifier, readonly string[]>>;

export type SharedExportName<S extends keyof typeof SHARED_EXPORTS> = (typeof SHARED_EXPORTS)[S][number];

/** Where the host keeps its module instances (set before the first plugin is imported). */
export const PLUGIN_HOST_GLOBAL = '__toolpassPluginHost';

/** The URL path of the module that stands in for a specifier. */
export function hostModulePath(specifier: HostModuleSpecifier): string {
  return `/plugin-host/${HOST_MODULES[specifier]}.js`;
}

/** The import map's JSON, written once so the page and its content-security-policy hash agree. */
export function hostImportMap(): string {
  const imports = Object.fromEntries(
    (Object.keys(HOST_MODULES) as HostModuleSpecifier[]).map((specifier) => [
      specifier,
      hostModulePath(specifier),
    ]),
  );
  return JSON.stringify({ imports });
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The source of a stand-in module: it reads the host's instance from the global and re-exports
 * the given names (an ES module's exports must be listed when it is written, so the build lists
 * them from the real package).
 */
export function hostModuleSource(specifier: HostModuleSpecifier, exportNames: readonly string[]): string {
  const names = [...new Set(exportNames)]
    .filter((name) => name !== 'default' && IDENTIFIER.test(name))
    .sort();
  const lines = [
    `const host = globalThis[${JSON.stringify(PLUGIN_HOST_GLOBAL)}];`,
    `const instance = host && host[${JSON.stringify(specifier)}];`,
    `if (!instance) throw new Error(${JSON.stringify(`The Toolpass host has not shared ${specifier} with plugins`)});`,
    'export default instance.default ?? instance;',
  ];
  if (names.length > 0) lines.push(`export const { ${names.join(', ')} } = instance;`);
  return `${lines.join('\n')}\n`;
}
