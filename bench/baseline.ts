import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Each scenario's throughput as a share of a ceiling measured in the same run (the bare Node
 * server, or the database's durable commit rate). Shares, not raw figures, are compared between
 * runs: raw figures follow the machine (the bare server alone varies by a third on a shared VM),
 * while a share that falls means the app itself got slower.
 */
export type Shares = Record<string, number>;

/** The ceilings of the run a baseline was taken in: the machine it was taken on, in two numbers. */
export type Ceilings = { bareServerRequestsPerSecond: number; commitsPerSecond: number };

export type Baseline = { at: string; cores: number; node: string; shares: Shares; ceilings?: Ceilings };

/** A ceiling this many times higher or lower than the baseline's is another machine, for shares. */
export const CEILING_DRIFT = 1.5;

/** A scenario whose share fell by more than this fraction of its baseline is called out. */
export const BASELINE_TOLERANCE = 0.15;

export type Comparison = {
  scenario: string;
  baseline: number;
  now: number;
  /** now / baseline - 1: -0.2 is a fall of 20 %. */
  change: number;
  fell: boolean;
};

export function compareWithBaseline(
  now: Shares,
  baseline: Shares,
  tolerance = BASELINE_TOLERANCE,
): Comparison[] {
  return Object.entries(now)
    .filter(([scenario]) => baseline[scenario] !== undefined && (baseline[scenario] ?? 0) > 0)
    .map(([scenario, share]) => {
      const before = baseline[scenario] ?? 0;
      const change = share / before - 1;
      return { scenario, baseline: before, now: share, change, fell: change < -tolerance };
    });
}

/**
 * Says when a ceiling moved so far since the baseline that shares no longer compare: the bare
 * server scales with the machine more than the app, whose requests also wait for the disk, so a
 * machine three times faster lowers every share without the app getting slower.
 */
export function describeCeilings(baseline: Ceilings | undefined, now: Ceilings): string[] {
  if (!baseline)
    return [
      'The baseline does not record the ceilings it was measured against, so a change of machine cannot be told from a change of the app.',
    ];
  const drifts = [
    ['the bare server', baseline.bareServerRequestsPerSecond, now.bareServerRequestsPerSecond, 'req/s'],
    ['durable commits', baseline.commitsPerSecond, now.commitsPerSecond, '/s'],
  ] as const;
  return drifts
    .filter(([, before, after]) => after / before > CEILING_DRIFT || before / after > CEILING_DRIFT)
    .map(
      ([name, before, after, unit]) =>
        `The machine changed: ${name} ${Math.round(after)} ${unit} now, ${Math.round(before)} ${unit} in the baseline's run (${(after / before).toFixed(1)}x); the shares that depend on it do not compare, so compare runs of one machine or replace the baseline (BENCH_UPDATE_BASELINE=1).`,
    );
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

/** The lines `npm run bench` prints: every fall beyond the tolerance first, by name. */
export function describeComparison(comparisons: Comparison[], missing: string[]): string[] {
  const fallen = comparisons.filter((comparison) => comparison.fell);
  const lines = [
    fallen.length === 0
      ? `Against the baseline: no scenario fell more than ${BASELINE_TOLERANCE * 100} %.`
      : `Against the baseline: ${fallen.length} scenario(s) FELL more than ${BASELINE_TOLERANCE * 100} %: ${fallen.map((comparison) => comparison.scenario).join('; ')}.`,
  ];
  for (const comparison of comparisons) {
    const sign = comparison.change >= 0 ? '+' : '';
    lines.push(
      `  ${comparison.fell ? 'FELL' : 'kept'}  ${comparison.scenario}: ${percent(comparison.now)} of its ceiling, baseline ${percent(comparison.baseline)} (${sign}${(comparison.change * 100).toFixed(0)} %)`,
    );
  }
  if (missing.length > 0)
    lines.push(
      `  not in the baseline until now (new scenarios, added with this run's share): ${missing.join('; ')}`,
    );
  return lines;
}

export function readBaseline(file: string): Baseline | undefined {
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as Baseline;
}

export function writeBaseline(file: string, baseline: Baseline): void {
  writeFileSync(file, `${JSON.stringify(baseline, null, 2)}\n`);
}

/**
 * The baseline with the scenarios it did not know added at their share in this run; the shares
 * it had stay as they were, so one run cannot move what the others are compared with.
 */
export function withNewScenarios(baseline: Baseline, now: Shares): { baseline: Baseline; added: string[] } {
  const added = Object.keys(now).filter((scenario) => baseline.shares[scenario] === undefined);
  const shares = { ...baseline.shares };
  for (const scenario of added) shares[scenario] = now[scenario] ?? 0;
  return { baseline: { ...baseline, shares }, added };
}
