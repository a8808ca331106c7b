import { z } from 'zod';
import { UserRefSchema } from './usage.ts';

/** Messages of the analytics routes (spec 02 §7, §9). */
export const AnalyticsMessages = {
  /** The top-level message of any refused range; `errors` names the field and the rule. */
  invalidRange: 'Invalid range - start and end must be ISO 8601 timestamps, start not after end.',
  startAfterEnd: 'start must not be after end.',
  /** The CSV export's refusals: the range rules above, unknown column names, a bad grouping flag. */
  invalidExport:
    'Invalid export - start and end must be ISO 8601 timestamps (start not after end), columns known CSV column names.',
  unknownColumn: 'Unknown column',
} as const;

const IsoTimestampSchema = z.iso
  .datetime({ offset: true })
  .transform((value) => new Date(value))
  .describe('An ISO 8601 timestamp with a time zone (Z or an offset)');

const rangeShape = { start: IsoTimestampSchema, end: IsoTimestampSchema };

function startNotAfterEnd(range: { start: unknown; end: unknown }, context: z.RefinementCtx) {
  // Zod runs object refinements after field failures too: compare only two parsed timestamps.
  if (!(range.start instanceof Date && range.end instanceof Date)) return;
  if (range.start.getTime() > range.end.getTime()) {
    context.addIssue({ code: 'custom', path: ['start'], message: AnalyticsMessages.startAfterEnd });
  }
}

/** `?start&end`: both required; a session counts when it overlaps [start, end). */
export const UsageRangeQuerySchema = z
  .object(rangeShape)
  .superRefine(startNotAfterEnd)
  .describe('The range of the usage data: sessions overlapping it');
export type UsageRangeQuery = z.infer<typeof UsageRangeQuerySchema>;

/** A session as the usage data and the export present it (spec 02 §3). */
export const ResourceUsageRecordSchema = z
  .object({
    resource: z.object({ id: z.number().int(), name: z.string() }),
    user: UserRefSchema,
    startTime: z.iso.datetime(),
    endTime: z.iso.datetime().nullable().describe('null while the session runs'),
    usageInMinutes: z
      .number()
      .describe('Whole session in minutes, two decimals; a running session counts up to the answer time'),
    startNotes: z.string().nullable(),
    endNotes: z.string().nullable(),
  })
  .describe('Usage record for export');
export type ResourceUsageRecord = z.infer<typeof ResourceUsageRecordSchema>;

export const ResourceUsageListSchema = z.array(ResourceUsageRecordSchema);

/** The CSV's columns by name (spec 02 §9), in the order a client offers them. */
export const USAGE_CSV_COLUMNS = [
  'resourceId',
  'resourceName',
  'userId',
  'username',
  'usageInHours',
  'startTimeISO',
  'startTime',
  'endTimeISO',
  'endTime',
  'usageInMinutes',
  'startNotes',
  'endNotes',
] as const;
export const UsageCsvColumnSchema = z.enum(USAGE_CSV_COLUMNS);
export type UsageCsvColumn = z.infer<typeof UsageCsvColumnSchema>;

/** The columns of an export that names none. */
export const DEFAULT_USAGE_CSV_COLUMNS: readonly UsageCsvColumn[] = [
  'resourceId',
  'resourceName',
  'userId',
  'username',
  'usageInHours',
];

/** Languages the header row can be written in; without one it names the columns by their ids. */
export const USAGE_CSV_HEADER_LANGUAGES = ['en', 'de'] as const;
export type UsageCsvHeaderLanguage = (typeof USAGE_CSV_HEADER_LANGUAGES)[number];

/** The file name of the export (spec 02 §9). */
export const USAGE_CSV_FILE_NAME = 'resource-usage.csv';
export const USAGE_CSV_SEPARATOR = ';';

const ColumnListSchema = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  )
  .pipe(
    z
      .array(z.enum(USAGE_CSV_COLUMNS, { error: AnalyticsMessages.unknownColumn }))
      .min(1)
      .max(USAGE_CSV_COLUMNS.length),
  );

/** `?start&end[&columns=a,b][&groupByUserAndResource=true]` */
export const UsageCsvQuerySchema = z
  .object({
    ...rangeShape,
    columns: ColumnListSchema.optional().describe(
      `Comma-separated column names in the order wanted: ${USAGE_CSV_COLUMNS.join(', ')}`,
    ),
    groupByUserAndResource: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true')
      .describe('One row per user and resource with the sums of usage'),
    headerLanguage: z
      .enum(USAGE_CSV_HEADER_LANGUAGES)
      .optional()
      .describe(
        'Names the columns in the header row in this language (the web app sends its own); ' +
          'without it the header row holds the column ids, as spec 02 §9 lists them',
      ),
  })
  .superRefine(startNotAfterEnd);
export type UsageCsvQuery = z.infer<typeof UsageCsvQuerySchema>;

/**
 * The longest range the usage summary answers: a leap year of local days in any time zone. It
 * bounds the work of one request (a bucket per hour of the range at most).
 */
export const USAGE_SUMMARY_MAX_DAYS = 367;

/** Messages of the usage summary (beyond the spec: the charts of the CSV export page). */
export const UsageSummaryMessages = {
  invalidQuery:
    'Invalid usage summary query - start and end must be ISO 8601 timestamps, start not after end and at most 367 days apart, timeZone an IANA time zone.',
  rangeTooLong: 'The range must not be longer than 367 days.',
  unknownTimeZone: 'Unknown time zone',
} as const;

function isKnownTimeZone(value: string): boolean {
  // Only names the tz database knows; an offset such as "+01:00" is no IANA zone.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const TimeZoneSchema = z
  .string()
  .max(64)
  .refine(isKnownTimeZone, { error: UsageSummaryMessages.unknownTimeZone })
  .describe('An IANA time zone, e.g. Europe/Berlin: the days and hours of the week are local to it');

function spanAtMostMaxDays(range: { start: unknown; end: unknown }, context: z.RefinementCtx) {
  if (!(range.start instanceof Date && range.end instanceof Date)) return;
  if (range.end.getTime() - range.start.getTime() > USAGE_SUMMARY_MAX_DAYS * 86_400_000) {
    context.addIssue({ code: 'custom', path: ['end'], message: UsageSummaryMessages.rangeTooLong });
  }
}

/** `?start&end&timeZone`: the range as for the usage data, at most 367 days, and the viewer's zone. */
export const UsageSummaryQuerySchema = z
  .object({ ...rangeShape, timeZone: TimeZoneSchema })
  .superRefine(startNotAfterEnd)
  .superRefine(spanAtMostMaxDays)
  .describe('The range of the summary and the time zone of its days and hours');
export type UsageSummaryQuery = z.infer<typeof UsageSummaryQuerySchema>;

const HoursSchema = z.number().nonnegative().describe('Hours, two decimals');

/**
 * Usage of a range, summed by the database: only the part of each session inside the range
 * counts, a running session up to the answer time.
 */
export const UsageSummarySchema = z
  .object({
    timeZone: z.string(),
    totalHours: HoursSchema,
    resources: z
      .array(z.object({ resource: z.object({ id: z.number().int(), name: z.string() }), hours: HoursSchema }))
      .describe(
        'Hours of use per resource in the range, most used first; resources without use are left out',
      ),
    sessionsPerDay: z
      .array(
        z.object({
          date: z.iso.date().describe('A local day of the time zone'),
          sessions: z.number().int().nonnegative(),
        }),
      )
      .describe('Sessions started on each local day of the range, every day listed (0 included)'),
    busyHours: z
      .array(
        z.object({
          weekday: z.number().int().min(1).max(7).describe('ISO weekday: 1 Monday … 7 Sunday'),
          hour: z.number().int().min(0).max(23).describe('Local hour of the day'),
          hours: HoursSchema,
        }),
      )
      .describe(
        'Occupied hours (all resources) in each local weekday and hour: 168 cells, Monday 0:00 first',
      ),
    topUsers: z
      .array(z.object({ user: UserRefSchema, hours: HoursSchema }))
      .max(10)
      .describe('The 10 users with the most hours in the range, most first'),
  })
  .describe('Usage summary for the charts of the export page');
export type UsageSummary = z.infer<typeof UsageSummarySchema>;
