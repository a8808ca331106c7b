import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Reader } from '@toolpass/contracts';
import { ReaderSimulator, type ReaderSimulatorOptions } from '../cli/reader-simulator/reader-simulator.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../platform/http/rate-limits.ts';
import type { TestApp } from './build-test-app.ts';

/**
 * The production limits, but room for the many pairings a test file makes from one address;
 * the reader limits have tests of their own.
 */
export const READER_TEST_RATE_LIMITS: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  readerHellos: { max: 1_000, timeWindowMs: 60_000 },
  readerAuthFailures: { max: 1_000, timeWindowMs: 60_000 },
  readerPairingFailures: { max: 1_000, timeWindowMs: 60_000 },
};

type Actor = { auth: { authorization: string } };

/** Readers for tests: simulators paired through the real socket and the real pair call. */
export async function readerFixtures(t: TestApp) {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const simulators: ReaderSimulator[] = [];

  function simulator(options: Partial<ReaderSimulatorOptions> = {}) {
    const made = new ReaderSimulator({ server: baseUrl, ...options });
    simulators.push(made);
    return made;
  }

  /** A simulator that said HELLO and shows its code, not yet approved. */
  async function waitingReader(options: Partial<ReaderSimulatorOptions> = {}) {
    const made = simulator(options);
    const code = once(made, 'pairing') as Promise<[string]>;
    const paired = made.pair();
    // A socket refused before it got a code fails here instead of waiting forever.
    const shown = await Promise.race([code, paired.then(() => undefined)]);
    if (!shown) throw new Error('The reader was paired before it showed a code');
    return { simulator: made, code: shown[0], paired };
  }

  return {
    baseUrl,
    simulator,
    waitingReader,

    /** A reader paired by `admin` and connected with its new key. */
    async connectedReader(
      admin: Actor,
      name = 'Laser reader',
      options: Partial<ReaderSimulatorOptions> = {},
    ) {
      const waiting = await waitingReader(options);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/fabreader/readers/pair',
        headers: admin.auth,
        payload: { code: waiting.code, name },
      });
      if (response.statusCode !== 201) throw new Error(`Pairing failed: ${response.body}`);
      const credentials = await waiting.paired;
      await waiting.simulator.connect();
      const reader = response.json<Reader>();
      // The server answers an accepted AUTH with nothing: the reader is connected once it says so.
      await until(() => t.services.readerConnections.isConnected(reader.id));
      return { simulator: waiting.simulator, reader, credentials };
    },

    async closeAll() {
      await Promise.all(simulators.map((made) => made.disconnect().catch(() => undefined)));
    },
  };
}

/** Waits until the check holds (every 10 ms, at most `ms`). */
export async function until(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
