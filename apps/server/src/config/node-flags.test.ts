import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.ts';

const scriptsOf = (packageJson: string) =>
  JSON.parse(readFileSync(new URL(packageJson, import.meta.url), 'utf8')).scripts as Record<string, string>;
// `npm start` runs the server from the repository root (no nested npm, to serve within a second);
// `npm run dev` delegates to the server's workspace.
const scripts = {
  start: scriptsOf('../../../../package.json').start,
  dev: scriptsOf('../../package.json').dev,
};

describe('the flags the server runs with', () => {
  it.each(['start', 'dev'] as const)(
    'are all in the %s script, so tests measure what a space runs',
    (name) => {
      const words = scripts[name]?.split(/\s+/) ?? [];
      for (const flag of SERVER_NODE_FLAGS) expect(words).toContain(flag);
    },
  );
});
