import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  DEFAULT_USAGE_CSV_COLUMNS,
  type ResourceUsageRecord,
  type UsageCsvQuery,
  type UsageRangeQuery,
  type UsageSummary,
  type UsageSummaryQuery,
} from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { readDate } from '../../platform/db/db-values.ts';
import type { TextSink } from '../../platform/http/chunked-text-body.ts';
import type { AnalyticsRepository, GroupKey, SessionKey, UsageRow } from './analytics.repository.ts';
import { type UsageCsvRow, usageCsvFormatter } from './usage-csv.ts';
import { localClock, zoneOffsets } from './zone-offsets.ts';

/** Rows read per query: large enough that the query count does not matter, small in memory. */
export const USAGE_PAGE_SIZE = 1_000;

/**
 * A turn of the event loop between pages. SQLite answers synchronously and a fast client drains
 * the socket at once, so without it an export runs from page to page in microtasks: other
 * requests wait, and so do V8's garbage collection tasks, and the heap grows by the garbage of
 * the whole export (RSS +125 MB for a million rows, 1/4 of that with the yield).
 */
const yieldToOtherWork = () => nextTurn();

/** SQLite holds times as Date#toISOString() text already: no Date round trip per value. */
const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const isoOf = (value: Date | string) =>
  typeof value === 'string' && CANONICAL_ISO.test(value) ? value : readDate(value).toISOString();

const round2 = (value: number) => Math.round(value * 100) / 100;

const HOUR_MS = 3_600_000;
const QUARTER_HOUR_MS = 900_000;
const DAY_MS = 86_400_000;
/** The summary's top users list this many (issue 18 item 5). */
export const TOP_USERS = 10;

const hoursOf = (ms: number | string) => round2(Number(ms) / HOUR_MS);

/** The local days from the one holding `firstMs` to the one holding `lastMs`, as YYYY-MM-DD. */
function localDays(firstLocal: Date, lastLocal: Date): string[] {
  const days: string[] = [];
  const first = Date.UTC(firstLocal.getUTCFullYear(), firstLocal.getUTCMonth(), firstLocal.getUTCDate());
  for (let day = first; day <= lastLocal.getTime(); day += DAY_MS) {
    days.push(new Date(day).toISOString().slice(0, 10));
  }
  return days;
}

function minutesBetween(startIso: string, endMs: number): number {
  return (endMs - Date.parse(startIso)) / 60_000;
}

/**
 * Usage data and the CSV export (spec 02 §7, §9; issue 18). A session counts when it overlaps
 * the range and counts whole: the records and rows show its real start and end, and its usage is
 * the whole session, so the export bills what was used. A running session has no end and counts
 * up to the moment of the request.
 */
export function createAnalyticsService(deps: { db: Db; repo: AnalyticsRepository; clock: Clock }) {
  /** Every session overlapping the range in start order, read a page at a time. */
  async function* sessions(range: UsageRangeQuery): AsyncGenerator<UsageRow[]> {
    let after: SessionKey | null = null;
    for (;;) {
      const page = await deps.repo.sessionPage(deps.db, range, after, USAGE_PAGE_SIZE);
      if (page.length > 0) yield page;
      const last = page.at(-1);
      if (page.length < USAGE_PAGE_SIZE || !last) return;
      after = { startTime: last.start_time, id: last.id };
      await yieldToOtherWork();
    }
  }

  /**
   * Fills `into` with the CSV row of a session. The export reuses one object for all its rows:
   * a million short-lived objects are garbage the collector has to keep up with.
   */
  function fillCsvRow(into: UsageCsvRow, row: UsageRow, nowMs: number): UsageCsvRow {
    const startTimeIso = isoOf(row.start_time);
    const endTimeIso = row.end_time === null ? null : isoOf(row.end_time);
    into.resourceId = row.resource_id;
    into.resourceName = row.resource_name;
    into.userId = row.user_id;
    into.username = row.username;
    into.startTimeIso = startTimeIso;
    into.endTimeIso = endTimeIso;
    into.usageInMinutes = minutesBetween(startTimeIso, endTimeIso === null ? nowMs : Date.parse(endTimeIso));
    into.startNotes = row.start_notes;
    into.endNotes = row.end_notes;
    return into;
  }

  const emptyCsvRow = (): UsageCsvRow => ({
    resourceId: 0,
    resourceName: '',
    userId: 0,
    username: '',
    startTimeIso: null,
    endTimeIso: null,
    usageInMinutes: 0,
    startNotes: null,
    endNotes: null,
  });

  return {
    /** The usage records of the range, in start order (GET /api/analytics/resource-usage-hours). */
    async usageRecords(range: UsageRangeQuery): Promise<ResourceUsageRecord[]> {
      const nowMs = deps.clock.now().getTime();
      const records: ResourceUsageRecord[] = [];
      for await (const page of sessions(range)) {
        for (const row of page) {
          const csv = fillCsvRow(emptyCsvRow(), row, nowMs);
          records.push({
            resource: { id: csv.resourceId, name: csv.resourceName },
            user: { id: csv.userId, username: csv.username },
            startTime: csv.startTimeIso as string,
            endTime: csv.endTimeIso,
            usageInMinutes: round2(csv.usageInMinutes),
            startNotes: csv.startNotes,
            endNotes: csv.endNotes,
          });
        }
      }
      return records;
    },

    /**
     * The charts' numbers (GET /api/analytics/usage-summary). The database sums the part of each
     * session inside the range per resource, per user and per time bucket; the buckets are UTC
     * hours (quarter hours for a zone whose offset is not whole hours), so this function only
     * folds at most a few thousand bucket sums into the zone's local days and weekday hours, with
     * the offsets Intl gives for the range.
     */
    async usageSummary(query: UsageSummaryQuery): Promise<UsageSummary> {
      const startMs = query.start.getTime();
      const endMs = query.end.getTime();
      const segments = zoneOffsets(query.timeZone, startMs, endMs);
      const wholeHours = segments.every((segment) => segment.offsetMinutes % 60 === 0);
      const window = {
        start: query.start,
        end: query.end,
        now: deps.clock.now(),
        bucketMs: wholeHours ? HOUR_MS : QUARTER_HOUR_MS,
      };
      const [resources, users, occupied, starts] = await Promise.all([
        deps.repo.resourceHours(deps.db, window),
        deps.repo.topUserHours(deps.db, window, TOP_USERS),
        deps.repo.occupiedBuckets(deps.db, window),
        deps.repo.startBuckets(deps.db, window),
      ]);

      const busyMs = new Array<number>(7 * 24).fill(0);
      const occupiedClock = localClock(segments);
      for (const row of occupied) {
        const local = occupiedClock(Number(row.bucket));
        const weekday = (local.getUTCDay() + 6) % 7; // Monday first
        const cell = weekday * 24 + local.getUTCHours();
        busyMs[cell] = (busyMs[cell] ?? 0) + Number(row.value);
      }

      const sessionsByDay = new Map<string, number>();
      const startClock = localClock(segments);
      for (const row of starts) {
        const day = startClock(Number(row.bucket)).toISOString().slice(0, 10);
        sessionsByDay.set(day, (sessionsByDay.get(day) ?? 0) + Number(row.value));
      }
      const dayClock = localClock(segments);
      const days = endMs > startMs ? localDays(dayClock(startMs), dayClock(endMs - 1)) : [];

      return {
        timeZone: query.timeZone,
        totalHours: hoursOf(resources.reduce((sum, row) => sum + Number(row.ms), 0)),
        resources: resources.map((row) => ({
          resource: { id: row.resource_id, name: row.resource_name },
          hours: hoursOf(row.ms),
        })),
        sessionsPerDay: days.map((date) => ({ date, sessions: sessionsByDay.get(date) ?? 0 })),
        busyHours: busyMs.map((ms, index) => ({
          weekday: Math.floor(index / 24) + 1,
          hour: index % 24,
          hours: hoursOf(ms),
        })),
        topUsers: users.map((row) => ({
          user: { id: row.user_id, username: row.username },
          hours: hoursOf(row.ms),
        })),
      };
    },

    /**
     * Writes the export as CSV text to `out` a page of rows at a time, waiting for the client
     * after each page, so memory stays bounded by a page whatever the number of rows; it stops
     * when the client has gone. Grouped rows are summed by the database; their per-session
     * columns (times, notes) are empty.
     */
    async writeUsageCsv(query: UsageCsvQuery, out: TextSink): Promise<void> {
      const now = deps.clock.now();
      const format = usageCsvFormatter(query.columns ?? DEFAULT_USAGE_CSV_COLUMNS, query.headerLanguage);
      const csvRow = emptyCsvRow();
      out.write(format.header);
      if (query.groupByUserAndResource) {
        let after: GroupKey | null = null;
        for (;;) {
          const page = await deps.repo.sumPage(deps.db, query, now, after, USAGE_PAGE_SIZE);
          for (const row of page) {
            csvRow.resourceId = row.resource_id;
            csvRow.resourceName = row.resource_name;
            csvRow.userId = row.user_id;
            csvRow.username = row.username;
            csvRow.usageInMinutes = Number(row.minutes ?? 0);
            out.write(format.line(csvRow));
          }
          const last = page.at(-1);
          if (!(await out.ready()) || page.length < USAGE_PAGE_SIZE || !last) return;
          after = { resourceId: last.resource_id, userId: last.user_id };
          await yieldToOtherWork();
        }
      }
      const nowMs = now.getTime();
      for await (const page of sessions(query)) {
        for (const row of page) out.write(format.line(fillCsvRow(csvRow, row, nowMs)));
        if (!(await out.ready())) return;
      }
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
