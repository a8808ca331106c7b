/** Time as a dependency, so rules can be tested with a fixed clock. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
