import { describe, expect, it } from 'vitest';
import { createAttemptLimiter, reserveEach } from './attempt-limiter.ts';

function limiter(max: number) {
  let now = 0;
  const made = createAttemptLimiter({ max, windowMs: 1_000, now: () => now });
  return { limiter: made, advance: (ms: number) => (now += ms) };
}

describe('attempt limiter reservations', () => {
  it('spends on reserve, so reservations held at once never exceed the budget', () => {
    const { limiter: made } = limiter(3);
    const held = Array.from({ length: 10 }, () => made.reserve('a'));
    expect(held.filter(Boolean)).toHaveLength(3);
    expect(made.blocked('a')).toBe(true);
    expect(made.reserve('b')).toBeDefined();
  });

  it('gives a refunded attempt back once, into the window it came from only', () => {
    const { limiter: made, advance } = limiter(1);
    const first = made.reserve('a');
    first?.refund();
    first?.refund();
    const second = made.reserve('a');
    expect(second).toBeDefined();
    expect(made.reserve('a')).toBeUndefined();
    // The window passes and a new one is spent; the old reservation owes the new one nothing.
    advance(1_000);
    expect(made.reserve('a')).toBeDefined();
    second?.refund();
    expect(made.reserve('a')).toBeUndefined();
  });

  it('reserves from every budget or none', () => {
    const { limiter: account } = limiter(5);
    const { limiter: client } = limiter(1);
    expect(
      reserveEach([
        [account, 'x'],
        [client, 'c'],
      ]),
    ).toBeDefined();
    expect(
      reserveEach([
        [account, 'x'],
        [client, 'c'],
      ]),
    ).toBeUndefined();
    // The account's attempt taken before the client refused was given back: 1 of 5 is spent.
    const rest = Array.from({ length: 5 }, () => account.reserve('x'));
    expect(rest.filter(Boolean)).toHaveLength(4);
  });
});
