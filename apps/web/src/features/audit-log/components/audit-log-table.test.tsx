import { render, screen, within } from '@testing-library/react';
import { AUDIT_ACTIONS, type AuditEntry } from '@toolpass/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { auditActionLabels } from './audit-action-label.ts';
import { AuditLogTable } from './audit-log-table.tsx';

const entry = (fields: Partial<AuditEntry> & Pick<AuditEntry, 'id' | 'action' | 'target'>): AuditEntry => ({
  at: '2026-11-28T10:00:00.000Z',
  actor: { id: 1, username: 'admin' },
  changes: {},
  ...fields,
});

/** The row of the entry on the named target (rows are named by their time). */
function rowOf(targetName: string): HTMLElement {
  const row = screen.getAllByRole('row').find((candidate) => candidate.textContent?.includes(targetName));
  if (!row) throw new Error(`No row for ${targetName}`);
  return row;
}

describe('AuditLogTable', () => {
  it('names each action in words, with its code beneath for filtering', () => {
    render(
      <AuditLogTable
        emptyText="none"
        entries={[
          entry({
            id: 1,
            action: 'resource-group.resource-added',
            target: { type: 'resource-group', id: '2', name: 'Wood shop' },
          }),
          entry({ id: 2, action: 'robot.danced', target: { type: 'resource', id: '4', name: 'Lathe' } }),
        ]}
      />,
    );

    const added = rowOf('Wood shop');
    expect(within(added).getByText('Resource added to the group')).toBeTruthy();
    expect(within(added).getByText('resource-group.resource-added').tagName).toBe('CODE');
    expect(within(added).getByText('Resource group #2')).toBeTruthy();
    // An action this app does not know yet (a newer server's) shows as its code.
    expect(within(rowOf('Lathe')).getByText('robot.danced')).toBeTruthy();
  });

  it("reads an introducer's target as its resource or group and its user", () => {
    render(
      <AuditLogTable
        emptyText="none"
        entries={[
          entry({
            id: 1,
            action: 'introducer.granted',
            target: { type: 'introduction', id: 'resource:1:user:3', name: 'ada – Lathe' },
          }),
          entry({
            id: 2,
            action: 'introduction.revoked',
            target: { type: 'introduction', id: 'group:2:user:5', name: 'bob – Wood shop' },
          }),
        ]}
      />,
    );

    const granted = rowOf('ada – Lathe');
    expect(within(granted).getByText('Introducer added')).toBeTruthy();
    expect(within(granted).getByText('Resource #1, user #3')).toBeTruthy();
    expect(within(rowOf('bob – Wood shop')).getByText('Resource group #2, user #5')).toBeTruthy();
    expect(screen.queryByText(/#resource:/)).toBeNull();
  });

  it.each(['en', 'de'])('words every action of the contract in %s', async (language) => {
    const { default: texts } = await import(`../../../../public/locales/${language}/audit-log.json`);
    // The file's own text for a key, without falling back to another language.
    const lookUp = (key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);
    const labels = auditActionLabels(lookUp as unknown as TFunction);
    const unworded = AUDIT_ACTIONS.filter((action) => typeof labels[action] !== 'string');
    expect(unworded).toEqual([]);
    expect(new Set(Object.values(labels)).size).toBe(AUDIT_ACTIONS.length);
  });
});
