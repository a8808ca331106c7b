import { Table } from '@heroui/react';
import type { AuditEntry } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { auditActionLabel, auditActionLabels } from './audit-action-label.ts';
import { auditTargetDetail, targetTypeLabels } from './audit-target-type-label.ts';

/** dd/mm/yyyy HH:mm in the reader's time zone, 24-hour. */
function formatTime(iso: string): string {
  const at = new Date(iso);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(at.getDate())}/${two(at.getMonth() + 1)}/${at.getFullYear()} ${two(at.getHours())}:${two(at.getMinutes())}`;
}

const shown = (value: unknown) =>
  value === null || value === undefined ? '–' : typeof value === 'string' ? value : JSON.stringify(value);

type AuditLogTableProps = { entries: AuditEntry[]; emptyText: string };

/**
 * One row per change: when, who, what, on which target, and each field before → after. An action
 * reads in words, its code under it: administrators filter by the code.
 */
export function AuditLogTable({ entries, emptyText }: AuditLogTableProps) {
  const { t } = useTranslation();
  const labels = targetTypeLabels(t);
  const actions = auditActionLabels(t);
  return (
    <ScrollTable aria-label={t('auditLog.tableLabel')}>
      <Table.Header>
        <Table.Column isRowHeader>{t('auditLog.columns.at')}</Table.Column>
        <Table.Column>{t('auditLog.columns.actor')}</Table.Column>
        <Table.Column>{t('auditLog.columns.action')}</Table.Column>
        <Table.Column>{t('auditLog.columns.target')}</Table.Column>
        <Table.Column>{t('auditLog.columns.changes')}</Table.Column>
      </Table.Header>
      <Table.Body
        items={entries}
        renderEmptyState={() => <p className="p-6 text-center text-muted">{emptyText}</p>}
      >
        {(entry) => (
          <Table.Row id={entry.id}>
            <Table.Cell>
              <time dateTime={entry.at} className="whitespace-nowrap">
                {formatTime(entry.at)}
              </time>
            </Table.Cell>
            <Table.Cell>{entry.actor ? entry.actor.username : t('auditLog.system')}</Table.Cell>
            <Table.Cell>
              <ActionCell label={auditActionLabel(actions, entry.action)} code={entry.action} />
            </Table.Cell>
            <Table.Cell>
              <span className="block">{entry.target.name}</span>
              <span className="block text-sm text-muted">{auditTargetDetail(t, labels, entry.target)}</span>
            </Table.Cell>
            <Table.Cell>
              <ul className="flex flex-col gap-1 text-sm">
                {Object.entries(entry.changes).map(([field, change]) => (
                  <li key={field} className="[overflow-wrap:anywhere]">
                    <span className="font-medium">{field}</span>: {shown(change.before)} →{' '}
                    {shown(change.after)}
                  </li>
                ))}
              </ul>
            </Table.Cell>
          </Table.Row>
        )}
      </Table.Body>
    </ScrollTable>
  );
}

/** The action in words with its code beneath; an action this app does not know yet, as its code. */
function ActionCell({ label, code }: { label: string | undefined; code: string }) {
  if (label === undefined) return <code className="text-sm">{code}</code>;
  return (
    <>
      <span className="block">{label}</span>
      <code className="block text-xs text-muted">{code}</code>
    </>
  );
}
