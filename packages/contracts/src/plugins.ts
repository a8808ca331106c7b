import { z } from 'zod';
import { IdSchema } from './common.ts';

/** Server and page messages of the plugin calls, worded as spec 02 §8 words them. */
export const PluginMessages = {
  uploadFailed: 'Failed to upload plugin. Please check the file format and try again.',
  deleteFailed: 'Error deleting plugin',
  invalidZipFile: 'Please select a valid .zip file',
  notFound: 'Plugin not found',
  fileNotFound: 'File not found',
  pluginsOff: 'Plugins are turned off on this server (PLUGINS=off).',
  notAZip: 'The file is not a valid .zip archive.',
  noManifest: 'The package has no manifest.json at its root.',
  invalidManifest: 'The manifest.json of the package is invalid.',
  incompatible: (range: string, version: string) =>
    `The plugin needs Toolpass ${range}; this server runs ${version}.`,
  unsafeEntry: (entry: string) =>
    `The package holds an entry that is not a plain file or folder inside it: ${entry}`,
  duplicateEntry: (entry: string) => `The package holds the entry ${entry} twice.`,
  tooManyEntries: 'The package holds more than 5,000 entries.',
  tooLarge: 'The package unpacks to more than 50 MB.',
  missingEntryPoint: (entry: string) =>
    `The manifest names an entry point the package does not hold: ${entry}`,
  fileMissing: 'Expected the plugin package in the form field "pluginZip".',
} as const;

/** The multipart field that carries the package (spec 02 §7). */
export const PLUGIN_UPLOAD_FIELD = 'pluginZip';
/** Limits of a package (issue 29): refused while unpacking, never trusted from the zip's headers. */
export const PLUGIN_MAX_ENTRIES = 5_000;
export const PLUGIN_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
/** Spec 02 §4, §9: the plugins page reloads this long after an upload or a removal. */
export const PLUGIN_RELOAD_DELAY_MS = 5_000;

/** POST /api/plugins: a multipart/form-data body with the package in `pluginZip` (spec 02 §7). */
export const UploadPluginFormSchema = z.object({
  pluginZip: z
    .file()
    .max(PLUGIN_MAX_UNPACKED_BYTES + 1024 * 1024)
    .describe('The plugin package: a .zip with manifest.json at its root'),
});

export const PluginStateSchema = z.enum(['loaded', 'failed']);
export type PluginState = z.infer<typeof PluginStateSchema>;

/** One installed plugin as GET /api/plugins lists it (spec 02 §3). */
export const PluginSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    version: z.string(),
    description: z.string().nullable(),
    state: PluginStateSchema.describe('loaded, or failed with the error'),
    error: z.string().nullable().describe('Why loading failed; null when loaded'),
    frontendEntry: z
      .string()
      .nullable()
      .describe(
        'URL of the frontend ES module (/api/plugins/{name}/frontend/module-federation/{entryPoint}); null without a frontend',
      ),
    installedAt: z.iso.datetime(),
  })
  .describe('An installed plugin');
export type Plugin = z.infer<typeof PluginSchema>;
export const PluginListSchema = z.array(PluginSchema);

export const PluginIdParamsSchema = z.object({ pluginId: IdSchema });
export const PluginNameParamsSchema = z.object({ pluginName: z.string().min(1).max(100) });

/** The URL prefix of one plugin's frontend files; the browser imports entry modules from here. */
export function pluginFrontendUrl(pluginName: string, filePath: string): string {
  return `/api/plugins/${encodeURIComponent(pluginName)}/frontend/module-federation/${filePath
    .split('/')
    .map(encodeURIComponent)
    .join('/')}`;
}
