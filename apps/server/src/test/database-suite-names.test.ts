import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE = path.resolve(import.meta.dirname, '..');

function testFiles(): string[] {
  return readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.join(SOURCE, file))
    .filter((file) => file !== import.meta.filename);
}

/** The name given to each `describe.each(TEST_DIALECTS…)` in a file, in order. */
function dialectSuiteNames(text: string): string[] {
  const names: string[] = [];
  for (let at = text.indexOf('describe.each(TEST_DIALECTS'); at >= 0; ) {
    const name = /\)\(\s*(['`])(.*?)\1/s.exec(text.slice(at));
    names.push(name?.[2] ?? '');
    at = text.indexOf('describe.each(TEST_DIALECTS', at + 1);
  }
  return names;
}

describe('suites that run on each database', () => {
  it('are named "... on %s", so the run can count them per database', () => {
    const misnamed = testFiles().flatMap((file) =>
      dialectSuiteNames(readFileSync(file, 'utf8'))
        .filter((name) => !name.endsWith(' on %s'))
        .map((name) => `${path.relative(SOURCE, file)}: ${JSON.stringify(name)}`),
    );
    expect(misnamed).toEqual([]);
  });

  it('finds the suites it checks', () => {
    const names = testFiles().flatMap((file) => dialectSuiteNames(readFileSync(file, 'utf8')));
    expect(names.length).toBeGreaterThan(30);
  });
});
