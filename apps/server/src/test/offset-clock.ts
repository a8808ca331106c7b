import type { Clock } from '../platform/clock.ts';

/** The real time, moved forward on demand: a test waits out a limit's window without sleeping. */
export function offsetClock() {
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
  return {
    clock,
    advance(ms: number) {
      offsetMs += ms;
    },
  };
}
