import { defineConfig } from 'vitest/config';
import { DatabaseSuitesReporter } from './apps/server/src/test/database-suites-reporter.ts';

export default defineConfig({
  test: {
    reporters: ['default', new DatabaseSuitesReporter()],
    projects: [
      'packages/contracts/vitest.config.ts',
      'packages/plugin-sdk/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'bench/vitest.config.ts',
    ],
  },
});
