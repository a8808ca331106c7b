import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.ts';

const scripts = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
  .scripts as Record<string, string>;

describe('the flags the server runs with', () => {
  it.each(['start', 'dev'])('are all in the %s script, so tests measure what a space runs', (name) => {
    const words = scripts[name]?.split(/\s+/) ?? [];
    for (const flag of SERVER_NODE_FLAGS) expect(words).toContain(flag);
  });
});
