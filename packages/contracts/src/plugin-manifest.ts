import { z } from 'zod';

/** A plugin's name: a slug, so it is safe in a path segment and a folder name (issue 29). */
export const PLUGIN_NAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
/** A semantic version (semver.org 2.0.0), without a leading "v". */
export const SEMVER_PATTERN =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/** A path inside the package: relative, forward slashes, no "..", no empty or "." segments. */
const PackagePathSchema = z
  .string()
  .min(1)
  .max(200)
  .refine(
    (value) =>
      !value.startsWith('/') &&
      !value.includes('\\') &&
      !value.includes('\0') &&
      value.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..'),
    'must be a relative path inside the package',
  );

const PluginPartSchema = z
  .object({
    directory: PackagePathSchema.describe('Folder of this part inside the package, e.g. "frontend"'),
    entryPoint: PackagePathSchema.describe(
      'The ES module to load, relative to the directory, e.g. "index.js"',
    ),
  })
  .strict();

/**
 * `manifest.json` at the root of a plugin package (issue 29). `toolpass` is a semver range of the
 * app versions the plugin works with; the server refuses a package whose range the running
 * version does not satisfy.
 */
export const PluginManifestSchema = z
  .object({
    name: z.string().regex(PLUGIN_NAME_PATTERN, 'must be a slug: lowercase letters, digits and dashes'),
    version: z.string().regex(SEMVER_PATTERN, 'must be a semantic version such as 1.0.0'),
    description: z.string().max(500).optional(),
    toolpass: z
      .string()
      .min(1)
      .max(200)
      .describe('Semver range of compatible app versions, e.g. ">=0.1.0 <1.0.0"'),
    main: z
      .object({
        frontend: PluginPartSchema.optional(),
        backend: PluginPartSchema.optional(),
      })
      .strict(),
  })
  .describe('The manifest.json of a plugin package');
export type PluginManifest = z.infer<typeof PluginManifestSchema>;
