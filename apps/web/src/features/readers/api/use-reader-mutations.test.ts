import { QueryClient } from '@tanstack/react-query';
import type { Reader } from '@toolpass/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readersKeys } from './reader-queries.ts';
import { watchUntilConnected } from './use-reader-mutations.ts';

const reader = (connected: boolean): Reader => ({
  id: 4,
  name: 'Door reader',
  connected,
  lastConnection: connected ? '2026-11-26T10:00:00.000Z' : null,
  hasAccessToResourceIds: [],
});

afterEach(() => vi.unstubAllGlobals());

describe('watchUntilConnected', () => {
  it('asks for the readers again until the paired one is connected, and puts the answer in the cache', async () => {
    const answers = [[reader(false)], [reader(false)], [reader(true)]];
    let asked = 0;
    vi.stubGlobal('fetch', async () => {
      const body = answers[Math.min(asked, answers.length - 1)];
      asked += 1;
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    const queryClient = new QueryClient();
    await expect(watchUntilConnected(queryClient, 4, { pollMs: 1 })).resolves.toBe(true);
    expect(asked).toBe(3);
    expect(queryClient.getQueryData<Reader[]>(readersKeys.readers)?.[0]?.connected).toBe(true);
  });

  it('gives up after its time when the reader never comes back', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify([reader(false)]), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await expect(watchUntilConnected(new QueryClient(), 4, { pollMs: 1, watchMs: 20 })).resolves.toBe(false);
  });
});
