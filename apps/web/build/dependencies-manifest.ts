import type { Dependency } from 'rollup-plugin-license';
import type { DependencyEntry } from '../src/features/dependencies/dependency-entry.ts';

/** `git+https://github.com/a/b.git`, `git://…` or `github:a/b` as a browsable https address. */
export function repositoryUrl(repository: Dependency['repository']): string | null {
  const raw = typeof repository === 'string' ? repository : repository?.url;
  if (!raw) return null;
  const shorthand = /^(?:github:)?([\w.-]+\/[\w.-]+)$/.exec(raw);
  if (shorthand) return `https://github.com/${shorthand[1]}`;
  const url = raw
    .replace(/^git\+/, '')
    .replace(/^git:\/\//, 'https://')
    .replace(/^ssh:\/\/git@/, 'https://')
    .replace(/\.git$/, '');
  return /^https?:\/\//.test(url) ? url : null;
}

export function toDependencyEntry(dependency: Dependency): DependencyEntry {
  return {
    name: dependency.name ?? 'unknown',
    version: dependency.version ?? '',
    author: dependency.author?.name ?? null,
    license: dependency.license,
    url: dependency.homepage ?? repositoryUrl(dependency.repository),
  };
}

/** The `/dependencies.json` document: every third-party package of the bundle, sorted by name. */
export function dependenciesManifest(dependencies: Dependency[]): string {
  const entries = dependencies
    .filter((dependency) => !dependency.private)
    .map(toDependencyEntry)
    .sort((a, b) => a.name.localeCompare(b.name));
  return `${JSON.stringify(entries, null, 2)}\n`;
}
