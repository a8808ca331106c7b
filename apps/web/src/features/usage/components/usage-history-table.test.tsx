import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UsageSession } from '@toolpass/contracts';
import { describe, expect, it, vi } from 'vitest';
import { UsageHistoryTable } from './usage-history-table.tsx';

const session = (fields: Partial<UsageSession>): UsageSession => ({
  id: 1,
  resourceId: 3,
  userId: 8,
  user: { id: 8, username: 'ada' },
  startTime: '2026-11-27T10:00:00.000Z',
  endTime: '2026-11-27T10:00:40.000Z',
  usageInMinutes: 0.67,
  startNotes: null,
  endNotes: null,
  endedBy: { id: 8, username: 'ada' },
  ...fields,
});

describe('UsageHistoryTable', () => {
  it('says in words which sessions have notes and who else ended one, with seconds under a minute', async () => {
    const onOpen = vi.fn();
    const forgotten = session({
      id: 2,
      endTime: '2026-11-27T10:12:05.000Z',
      usageInMinutes: 12 + 5 / 60,
      endNotes: 'Left running overnight',
      endedBy: { id: 9, username: 'grace' },
    });
    render(<UsageHistoryTable sessions={[forgotten, session({})]} showUser onOpen={onOpen} />);
    const rows = within(screen.getByRole('grid', { name: 'Usage history' })).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('12m 5s');
    expect(rows[1]?.textContent).toContain('Ended by grace');
    expect(rows[1]?.textContent).toContain('Has notes');
    expect(rows[2]?.textContent).toContain('40s');
    expect(rows[2]?.textContent).not.toContain('Has notes');
    expect(rows[2]?.textContent).not.toContain('Ended by');

    // The row is reached with the keyboard and opens the session's notes.
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(forgotten);
  });

  it('keeps each whole username as the row header name and as the tooltip of a name cut short', () => {
    const long = 'maximilianschmidtbauerhausenwerkstattnutzer';
    const ender = 'werkstattleitungsstellvertretung';
    render(
      <UsageHistoryTable
        sessions={[session({ user: { id: 8, username: long }, endedBy: { id: 9, username: ender } })]}
        showUser
        onOpen={vi.fn()}
      />,
    );
    expect(screen.getByRole('rowheader', { name: long })).toBeTruthy();
    expect(screen.getByTitle(long).textContent).toBe(long);
    expect(screen.getByTitle(ender).textContent).toBe(ender);
  });
});
