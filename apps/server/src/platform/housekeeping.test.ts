import { describe, expect, it } from 'vitest';
import { startHousekeeping } from './housekeeping.ts';
import { createLogger } from './logging/logger.ts';

describe('startHousekeeping', () => {
  it('runs every job at once and again on each interval, and a failing job does not stop the others', async () => {
    const runs: string[] = [];
    const housekeeping = startHousekeeping(
      {
        failing: async () => {
          runs.push('failing');
          throw new Error('database unavailable');
        },
        cleanup: async () => {
          runs.push('cleanup');
        },
      },
      createLogger('silent'),
      { intervalMs: 20 },
    );
    await expect.poll(() => runs.filter((run) => run === 'cleanup').length).toBeGreaterThanOrEqual(2);
    await housekeeping.stop();
    const count = runs.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs.length).toBe(count);
    expect(runs.slice(0, 2)).toEqual(['failing', 'cleanup']);
  });
});
