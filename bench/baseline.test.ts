import { describe, expect, it } from 'vitest';
import { compareWithBaseline, describeCeilings, describeComparison, withNewScenarios } from './baseline.ts';

describe('comparing a run with the baseline', () => {
  const baseline = { 'GET /api/resources': 0.5, 'start/end cycle': 0.8, retired: 0.3 };

  it('names a scenario whose share fell more than 15 %, and only that one', () => {
    const comparisons = compareWithBaseline({ 'GET /api/resources': 0.4, 'start/end cycle': 0.72 }, baseline);
    expect(comparisons.map((comparison) => [comparison.scenario, comparison.fell])).toEqual([
      ['GET /api/resources', true],
      ['start/end cycle', false],
    ]);
    const [headline] = describeComparison(comparisons, []);
    expect(headline).toBe('Against the baseline: 1 scenario(s) FELL more than 15 %: GET /api/resources.');
  });

  it('says plainly when nothing fell, and lists scenarios the baseline does not know', () => {
    const comparisons = compareWithBaseline({ 'GET /api/resources': 0.6, 'new one': 0.1 }, baseline);
    expect(comparisons).toHaveLength(1);
    const lines = describeComparison(comparisons, ['new one']);
    expect(lines[0]).toBe('Against the baseline: no scenario fell more than 15 %.');
    expect(lines[1]).toContain('kept  GET /api/resources: 60.0 % of its ceiling, baseline 50.0 % (+20 %)');
    expect(lines.at(-1)).toBe(
      "  not in the baseline until now (new scenarios, added with this run's share): new one",
    );
  });

  it('adds a new scenario at its first share and leaves the shares it had alone', () => {
    const before = { at: 'then', cores: 2, node: 'v24', shares: baseline };
    const { baseline: after, added } = withNewScenarios(before, {
      'GET /api/resources': 0.2,
      'new one': 0.1,
    });
    expect(added).toEqual(['new one']);
    expect(after.shares).toEqual({ ...baseline, 'new one': 0.1 });
    expect(after.at).toBe('then');
  });

  it('says when a ceiling moved so far that shares do not compare, and is silent when it did not', () => {
    const then = { bareServerRequestsPerSecond: 40_000, commitsPerSecond: 2_400 };
    expect(describeCeilings(then, { bareServerRequestsPerSecond: 52_000, commitsPerSecond: 3_000 })).toEqual(
      [],
    );
    const lines = describeCeilings(then, { bareServerRequestsPerSecond: 98_000, commitsPerSecond: 2_000 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('the bare server 98000 req/s now, 40000 req/s in the baseline');
    expect(lines[0]).toContain('(2.5x)');
    expect(describeCeilings(undefined, then)[0]).toContain('does not record the ceilings');
  });
});
