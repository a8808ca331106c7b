import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT } from '../../platform/crypto/password.ts';
import { buildTestApp, type TestApp, unique } from '../../test/build-test-app.ts';
import { multipart, testImage } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

const BURST = fileURLToPath(new URL('../../test/fixtures/request-burst.ts', import.meta.url));
const FLOOD = 60;
const ROUNDS = 5;
const p99 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length * 0.99)] ?? 0;

describe.each(TEST_DIALECTS)('floods of costly calls on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let imagePath: string;
  beforeAll(async () => {
    // The production cost of a hash: the flood must be as heavy as it would be.
    t = await buildTestApp(dialect, { scrypt: DEFAULT_SCRYPT });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const manager = await t.given.user({ canManageResources: true });
    const form = await multipart(
      { name: 'Lathe', allowTakeOver: 'false' },
      { name: 'lathe.png', type: 'image/png', content: await testImage('png', 800, 600) },
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/resources',
      headers: { ...manager.auth, ...form.headers },
      payload: form.payload,
    });
    imagePath = `/api/resources/images/${created.json().imageFilename}`;
  });
  afterAll(async () => {
    // Every request has been answered; a keep-alive connection whose last answer was still
    // finishing when close() ran would otherwise hold the server open until its idle timeout.
    t?.app.server.closeAllConnections();
    await t?.close();
  });

  /** Sends the bodies at once from another process; resolves to their statuses. */
  function burst(path: string, bodies: object[]): Promise<number[]> {
    return new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--disable-warning=ExperimentalWarning', BURST, `${base}${path}`, JSON.stringify(bodies)],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`burst exited ${code}`)),
      );
    });
  }

  /**
   * Times health and image requests, one after another, while a burst of `FLOOD` parallel calls
   * is answered; several bursts, one after another, so the p99 is not the slowest of a handful.
   */
  async function measureDuring(path: string, bodyFor: () => object) {
    const latencies: number[] = [];
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      let done = false;
      const answered = burst(path, Array.from({ length: FLOOD }, bodyFor)).finally(() => {
        done = true;
      });
      while (!done) {
        for (const target of ['/api/health', imagePath]) {
          const started = performance.now();
          const response = await fetch(`${base}${target}`);
          await response.arrayBuffer();
          expect(response.status).toBe(200);
          latencies.push(performance.now() - started);
        }
      }
      statuses.push(...(await answered));
    }
    return { statuses, latencies };
  }

  it('answers a registration flood with 429 while health and images stay fast', async () => {
    const { statuses, latencies } = await measureDuring('/api/users', () => {
      const username = unique('flood');
      return {
        username,
        email: `${username}@example.org`,
        password: 'a long enough password',
        strategy: 'local_password',
      };
    });
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(statuses.length / 2);
    expect(statuses.every((status) => status === 201 || status === 429)).toBe(true);
    process.stdout.write(`registration flood: health and image p99 ${p99(latencies).toFixed(1)} ms\n`);
    expect(p99(latencies)).toBeLessThan(50);
  });

  it('answers a change-password flood with 429, checking the token before any hash', async () => {
    const member = await t.given.member();
    const { statuses, latencies } = await measureDuring(`/api/users/${member.id}/change-password`, () => ({
      token: 'not-a-reset-token',
      password: 'a long enough password',
    }));
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
    process.stdout.write(`change-password flood: health and image p99 ${p99(latencies).toFixed(1)} ms\n`);
    expect(p99(latencies)).toBeLessThan(50);
  });
});
