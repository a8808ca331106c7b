/**
 * Counts attempts (failed sign-ins, or requests that cost a hash or a mail) per key in a fixed
 * window, in this process's memory (decision 2). Callers ask `blocked` before the expensive
 * part, so a flood costs a map look-up per request once the budget is spent.
 */
export function createAttemptLimiter(options: {
  max: number;
  windowMs: number;
  now: () => number;
  /** Keys kept at most; the oldest window is forgotten first, so memory stays bounded. */
  maxKeys?: number;
}) {
  const maxKeys = options.maxKeys ?? 100_000;
  const windows = new Map<string, { failures: number; resetAt: number }>();

  function current(key: string) {
    const window = windows.get(key);
    if (window && window.resetAt <= options.now()) {
      windows.delete(key);
      return undefined;
    }
    return window;
  }

  return {
    blocked(key: string): boolean {
      return (current(key)?.failures ?? 0) >= options.max;
    },
    record(key: string): void {
      const window = current(key);
      if (window) {
        window.failures += 1;
        return;
      }
      if (windows.size >= maxKeys) {
        const oldest = windows.keys().next().value;
        if (oldest !== undefined) windows.delete(oldest);
      }
      windows.set(key, { failures: 1, resetAt: options.now() + options.windowMs });
    },
    reset(key: string): void {
      windows.delete(key);
    },
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
