import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/build-server-bundle.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file builds its own app and databases; two cores run two files at a time.
    pool: 'forks',
    // Memory tests collect garbage before they measure, so they see what is kept, not what is due.
    execArgv: ['--expose-gc'],
  },
});
