import type { Reporter, TestModule, TestSuite } from 'vitest/node';

const DIALECT_SUFFIX = / on (sqlite|postgres)$/;

function* suitesOf(module: TestModule): Generator<TestSuite> {
  yield* module.children.allSuites();
}

/**
 * Prints how many suites ran on each database, so a run that lost PostgreSQL shows it in its
 * own output instead of passing with half the cases (issue 25). Suites run per database are
 * named "... on %s" (checked by database-suite-names.test.ts).
 */
export class DatabaseSuitesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const suites = { sqlite: 0, postgres: 0 };
    const files = { sqlite: new Set<string>(), postgres: new Set<string>() };
    for (const module of testModules) {
      for (const suite of suitesOf(module)) {
        const dialect = DIALECT_SUFFIX.exec(suite.name)?.[1] as keyof typeof suites | undefined;
        if (!dialect || suite.state() === 'skipped') continue;
        suites[dialect] += 1;
        files[dialect].add(module.moduleId);
      }
    }
    if (suites.sqlite + suites.postgres === 0) return;
    process.stdout.write(
      `\nSuites per database: ${suites.sqlite} on SQLite (${files.sqlite.size} files), ` +
        `${suites.postgres} on PostgreSQL (${files.postgres.size} files)\n`,
    );
  }
}
