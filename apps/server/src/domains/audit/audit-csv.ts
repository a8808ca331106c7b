import { AUDIT_CSV_COLUMNS, type AuditEntry } from '@toolpass/contracts';
import { csvLine, textCell } from '../analytics/usage-csv.ts';

/** The export's header line: the columns of decision 22, in the CSV of decision 13. */
export const AUDIT_CSV_HEADER = csvLine(AUDIT_CSV_COLUMNS);

/** One entry as a CSV line; names and changes are typed by people, so no cell runs as a formula. */
export function auditCsvLine(entry: AuditEntry): string {
  return csvLine([
    String(entry.id),
    entry.at,
    entry.actor ? String(entry.actor.id) : '',
    entry.actor ? textCell(entry.actor.username) : '',
    entry.action,
    entry.target.type,
    textCell(entry.target.id),
    textCell(entry.target.name),
    textCell(JSON.stringify(entry.changes)),
  ]);
}
