/** An attempt spent ahead of the work it guards; given back when the work proves it harmless. */
export type Reservation = { refund(): void };

/**
 * Counts attempts (failed sign-ins, or requests that cost a hash or a mail) per key in a fixed
 * window, in this process's memory (decision 2).
 *
 * Work that costs (a hash, a mail, a pending reader) `reserve`s before it starts and `refund`s
 * when it turns out harmless (a right password): check and spend are one synchronous step, so a
 * burst of parallel requests cannot all pass a check that is only spent after their awaits
 * (decision 9). A spent budget costs a map look-up per request and allocates nothing.
 * `blocked` and `record` remain for checks too cheap to be worth guarding, where a reservation
 * held across the check would make honest attempts at the same moment refuse each other.
 */
export function createAttemptLimiter(options: {
  max: number;
  windowMs: number;
  now: () => number;
  /** Keys kept at most; the oldest window is forgotten first, so memory stays bounded. */
  maxKeys?: number;
}) {
  const maxKeys = options.maxKeys ?? 100_000;
  type Window = { failures: number; resetAt: number };
  const windows = new Map<string, Window>();

  function current(key: string) {
    const window = windows.get(key);
    if (window && window.resetAt <= options.now()) {
      windows.delete(key);
      return undefined;
    }
    return window;
  }

  function spend(key: string): Window {
    const window = current(key);
    if (window) {
      window.failures += 1;
      return window;
    }
    if (windows.size >= maxKeys) {
      const oldest = windows.keys().next().value;
      if (oldest !== undefined) windows.delete(oldest);
    }
    const fresh = { failures: 1, resetAt: options.now() + options.windowMs };
    windows.set(key, fresh);
    return fresh;
  }

  return {
    /** Spends one attempt now; undefined (and nothing spent) when the budget is used up. */
    reserve(key: string): Reservation | undefined {
      if ((current(key)?.failures ?? 0) >= options.max) return undefined;
      const window = spend(key);
      let refunded = false;
      return {
        refund() {
          // Only into the window it came from: one that expired, was reset or forgotten meanwhile
          // owes it nothing.
          if (refunded || windows.get(key) !== window) return;
          refunded = true;
          window.failures -= 1;
          if (window.failures <= 0) windows.delete(key);
        },
      };
    },
    blocked(key: string): boolean {
      return (current(key)?.failures ?? 0) >= options.max;
    },
    record(key: string): void {
      spend(key);
    },
    reset(key: string): void {
      windows.delete(key);
    },
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;

/**
 * One attempt from each budget, or none: a refusal by a later budget gives back what the earlier
 * ones spent.
 */
export function reserveEach(claims: readonly (readonly [AttemptLimiter, string])[]): Reservation | undefined {
  const taken: Reservation[] = [];
  for (const [limiter, key] of claims) {
    const reservation = limiter.reserve(key);
    if (!reservation) {
      for (const spent of taken) spent.refund();
      return undefined;
    }
    taken.push(reservation);
  }
  return {
    refund() {
      for (const spent of taken) spent.refund();
    },
  };
}
