import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/build-server-bundle.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file builds its own app and databases. Vitest's default is a worker fewer than the
    // cores, one on CI's two, yet most of these files' time is waiting (leases, timers,
    // sockets): two at a time nearly halve the suite.
    pool: 'forks',
    maxWorkers: 2,
    // A project with a worker count of its own runs as a group of its own (Vitest's rule).
    sequence: { groupOrder: 1 },
    // Memory tests collect garbage before they measure, so they see what is kept, not what is due.
    execArgv: ['--expose-gc'],
  },
});
