import { describe, expect, it } from 'vitest';
import { presentUsageSession, usageInMinutes } from './usage-session.ts';

describe('usageInMinutes', () => {
  it('is negative while the session runs', () => {
    expect(usageInMinutes(new Date('2026-01-01T10:00:00Z'), null)).toBe(-1);
  });

  it('counts minutes with two decimals', () => {
    expect(usageInMinutes(new Date('2026-01-01T10:00:00Z'), new Date('2026-01-01T11:30:30Z'))).toBe(90.5);
    expect(usageInMinutes(new Date('2026-01-01T10:00:00Z'), new Date('2026-01-01T10:00:20Z'))).toBe(0.33);
  });
});

describe('presentUsageSession', () => {
  it('shows times as ISO text and the user as id and username only', () => {
    const session = presentUsageSession({
      id: 1,
      resourceId: 2,
      userId: 3,
      user: { id: 3, username: 'ada', email: 'ada@example.org' } as { id: number; username: string },
      startTime: new Date('2026-01-01T10:00:00Z'),
      endTime: null,
      startNotes: 'by QR-Code',
      endNotes: null,
      endedBy: null,
    });
    expect(session).toEqual({
      id: 1,
      resourceId: 2,
      userId: 3,
      user: { id: 3, username: 'ada' },
      startTime: '2026-01-01T10:00:00.000Z',
      endTime: null,
      usageInMinutes: -1,
      startNotes: 'by QR-Code',
      endNotes: null,
      endedBy: null,
    });
  });

  it('names who ended the session by id and username only', () => {
    const session = presentUsageSession({
      id: 1,
      resourceId: 2,
      userId: 3,
      user: { id: 3, username: 'ada' },
      startTime: new Date('2026-01-01T10:00:00Z'),
      endTime: new Date('2026-01-01T10:00:40Z'),
      startNotes: null,
      endNotes: 'left running overnight',
      endedBy: { id: 4, username: 'grace', email: 'grace@example.org' } as { id: number; username: string },
    });
    expect(session.endedBy).toEqual({ id: 4, username: 'grace' });
    expect(session.usageInMinutes).toBe(0.67);
  });
});
