import { describe, expect, it } from 'vitest';
import { doublingDelay, nextAttemptAt } from './delivery-target.ts';

const createdAt = new Date('2026-11-25T10:00:00.000Z');
const now = new Date('2026-11-25T10:01:00.000Z');

describe('nextAttemptAt', () => {
  it('waits the policy delay after each failed attempt', () => {
    const policy = { maxAttempts: 4, delayMs: doublingDelay(1_000, 8_000) };
    expect(nextAttemptAt(policy, { attempts: 1, createdAt }, now)?.getTime()).toBe(now.getTime() + 1_000);
    expect(nextAttemptAt(policy, { attempts: 3, createdAt }, now)?.getTime()).toBe(now.getTime() + 4_000);
  });

  it('gives up after the last attempt a policy allows', () => {
    expect(nextAttemptAt({ maxAttempts: 4, delayMs: () => 1 }, { attempts: 4, createdAt }, now)).toBeNull();
    // A webhook without retries has one attempt.
    expect(nextAttemptAt({ maxAttempts: 1, delayMs: () => 1 }, { attempts: 1, createdAt }, now)).toBeNull();
  });

  it('gives up when the next attempt would come after the maximum age', () => {
    const policy = { maxAgeMs: 90_000, delayMs: () => 20_000 };
    expect(nextAttemptAt(policy, { attempts: 50, createdAt }, now)?.getTime()).toBe(now.getTime() + 20_000);
    expect(nextAttemptAt(policy, { attempts: 51, createdAt }, new Date(now.getTime() + 15_000))).toBeNull();
  });
});

describe('doublingDelay', () => {
  it('doubles from the first wait and stops growing at the cap', () => {
    const delay = doublingDelay(1_000, 600_000);
    expect([1, 2, 3, 4].map(delay)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(delay(40)).toBe(600_000);
  });
});
