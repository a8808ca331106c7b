/**
 * V8 flags the server runs with, in `npm start` (apps/server/package.json) and wherever tests and
 * benchmarks start it as a process of its own, so they measure what a space runs.
 *
 * V8 sizes the young generation from the heap limit, which follows the machine's memory: 64 MB
 * semi-spaces on a machine with a few GB. Whatever allocates a lot (a CSV export of a million
 * sessions, a burst of requests) then fills them, and the RSS grows by that much and stays. With
 * 16 MB, the V8 default of smaller machines, the million-row export grows the RSS by a few MB
 * (decision 13) and the benchmarks measure no loss of throughput.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'] as const;
