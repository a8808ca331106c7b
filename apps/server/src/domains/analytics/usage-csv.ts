import { USAGE_CSV_SEPARATOR, type UsageCsvColumn, type UsageCsvHeaderLanguage } from '@toolpass/contracts';

/**
 * The CSV of spec 02 §9: separator ';', a value holding ';', '"' or a line break is quoted with
 * its quotes doubled (RFC 4180 otherwise), lines end in CRLF as RFC 4180 has them.
 */
export const CSV_LINE_END = '\r\n';
const NEEDS_QUOTES = /[;"\r\n]/;

export function csvValue(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvLine(values: readonly string[]): string {
  return values.map(csvValue).join(USAGE_CSV_SEPARATOR) + CSV_LINE_END;
}

/**
 * First characters that make a spreadsheet read a cell as a formula or strip it into one: '=',
 * '+', '-', '@', tab and carriage return (OWASP, CSV injection). Indexed by char code, so the
 * check is one load per cell.
 */
const FORMULA_START = new Uint8Array(128);
for (const char of '=+-@\t\r') FORMULA_START[char.charCodeAt(0)] = 1;

/**
 * A text someone typed (names, notes) as a cell no spreadsheet runs: prefixed with `'`, which
 * spreadsheets show as text and do not evaluate. Numbers and times the server formats itself do
 * not pass here: they never start with a formula character except a minus sign, and a negative
 * number is a number to a spreadsheet, which a prefix would turn into text.
 */
export function textCell(value: string): string {
  const first = value.charCodeAt(0);
  // An empty value gives NaN, which fails the bound like any non-ASCII start; reads stay in bounds.
  return first < 128 && FORMULA_START[first] === 1 ? `'${value}` : value;
}

/** A decimal with two places and a '.', rounded half away from zero at the last place. */
export function decimal(value: number): string {
  return ((Math.sign(value) * Math.round(Math.abs(value) * 100 + Number.EPSILON)) / 100).toFixed(2);
}

/**
 * dd/mm/yyyy HH:mm, 24 h, in UTC: the server has no configured time zone, and UTC keeps one
 * export the same wherever it is made. The ISO columns carry the exact instant.
 */
export function dayMonthYearTime(iso: string): string {
  // iso is Date#toISOString(): yyyy-mm-ddTHH:mm:ss.sssZ
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}`;
}

/** A row of the export before formatting: one session, or one user's sums on one resource. */
export type UsageCsvRow = {
  resourceId: number;
  resourceName: string;
  userId: number;
  username: string;
  /** ISO (Date#toISOString), or null for a running session and for grouped rows. */
  startTimeIso: string | null;
  endTimeIso: string | null;
  usageInMinutes: number;
  startNotes: string | null;
  endNotes: string | null;
};

const text = (value: string | null) => value ?? '';
const typedText = (value: string | null) => (value === null ? '' : textCell(value));

const FORMATTERS: Record<UsageCsvColumn, (row: UsageCsvRow) => string> = {
  resourceId: (row) => String(row.resourceId),
  resourceName: (row) => textCell(row.resourceName),
  userId: (row) => String(row.userId),
  username: (row) => textCell(row.username),
  usageInHours: (row) => decimal(row.usageInMinutes / 60),
  startTimeISO: (row) => text(row.startTimeIso),
  startTime: (row) => (row.startTimeIso === null ? '' : dayMonthYearTime(row.startTimeIso)),
  endTimeISO: (row) => text(row.endTimeIso),
  endTime: (row) => (row.endTimeIso === null ? '' : dayMonthYearTime(row.endTimeIso)),
  usageInMinutes: (row) => decimal(row.usageInMinutes),
  startNotes: (row) => typedText(row.startNotes),
  endNotes: (row) => typedText(row.endNotes),
};

/**
 * The header row's names of the columns per language: a spreadsheet opened by a person shows
 * words, not ids. The web app words its column choice the same way (usage-export locale files).
 */
export const USAGE_CSV_HEADERS: Record<UsageCsvHeaderLanguage, Record<UsageCsvColumn, string>> = {
  en: {
    resourceId: 'Resource ID',
    resourceName: 'Resource',
    userId: 'User ID',
    username: 'Username',
    usageInHours: 'Usage (hours)',
    startTimeISO: 'Start (ISO 8601, UTC)',
    startTime: 'Start (UTC)',
    endTimeISO: 'End (ISO 8601, UTC)',
    endTime: 'End (UTC)',
    usageInMinutes: 'Usage (minutes)',
    startNotes: 'Start notes',
    endNotes: 'End notes',
  },
  de: {
    resourceId: 'Ressourcen-ID',
    resourceName: 'Ressource',
    userId: 'Benutzer-ID',
    username: 'Benutzername',
    usageInHours: 'Nutzung (Stunden)',
    startTimeISO: 'Beginn (ISO 8601, UTC)',
    startTime: 'Beginn (UTC)',
    endTimeISO: 'Ende (ISO 8601, UTC)',
    endTime: 'Ende (UTC)',
    usageInMinutes: 'Nutzung (Minuten)',
    startNotes: 'Notizen zu Beginn',
    endNotes: 'Notizen am Ende',
  },
};

/**
 * Formats rows into lines of the chosen columns, in their order. The header names the columns
 * in `headerLanguage`, or by their ids without one (spec 02 §9).
 */
export function usageCsvFormatter(
  columns: readonly UsageCsvColumn[],
  headerLanguage?: UsageCsvHeaderLanguage,
) {
  const formatters = columns.map((column) => FORMATTERS[column]);
  const names = headerLanguage === undefined ? undefined : USAGE_CSV_HEADERS[headerLanguage];
  return {
    header: csvLine(names === undefined ? columns : columns.map((column) => names[column])),
    line(row: UsageCsvRow): string {
      // A loop, not map and join: this runs a million times in a large export.
      let line = '';
      for (let index = 0; index < formatters.length; index += 1) {
        if (index > 0) line += USAGE_CSV_SEPARATOR;
        line += csvValue((formatters[index] as (row: UsageCsvRow) => string)(row));
      }
      return line + CSV_LINE_END;
    },
  };
}
