import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const DEPCRUISE = path.join(ROOT, 'node_modules/.bin/depcruise');

/** Runs the repository's import-boundary check on one probe file written into `folder`. */
async function cruiseProbe(
  folder: string,
  source: string,
  probe = { file: 'probe.ts', config: '.dependency-cruiser.cjs' },
) {
  const dir = mkdtempSync(path.join(ROOT, folder, '.boundary-probe-'));
  const file = path.join(dir, probe.file);
  writeFileSync(file, source);
  try {
    await run(DEPCRUISE, ['--config', probe.config, path.relative(ROOT, file)], { cwd: ROOT });
    return { failed: false, output: '' };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { failed: true, output: stdout + stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the import-boundary check (npm run check:rules)', () => {
  it('fails when a platform file imports a domain', async () => {
    const result = await cruiseProbe(
      'apps/server/src/platform',
      "import { createUsageService } from '../../domains/usage/usage.service.ts';\nexport const probe = createUsageService;\n",
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('platform-knows-no-domain');
  });

  it('fails when a browser test imports a server file past the testing entry', async () => {
    const result = await cruiseProbe(
      'e2e',
      "import { loadConfig } from '../../apps/server/src/config/config.ts';\nexport const probe = loadConfig;\n",
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('tests-and-benches-through-the-testing-entry');
  });

  it('fails when a React component of the web app imports the server', async () => {
    const result = await cruiseProbe(
      'apps/web/src/components',
      "import { loadConfig } from '../../../../server/src/config/config.ts';\nexport const Probe = () => <p>{String(loadConfig)}</p>;\n",
      { file: 'probe.tsx', config: '.dependency-cruiser.web.cjs' },
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('web-stands-alone');
  });

  it('passes a platform file that imports only platform code', async () => {
    const result = await cruiseProbe(
      'apps/server/src/platform',
      "import { lookupKey } from '../identity/user-account.ts';\nexport const probe = lookupKey;\n",
    );
    expect(result).toEqual({ failed: false, output: '' });
  });
});
