import type { UsageSession } from '@toolpass/contracts';
import { describe, expect, it } from 'vitest';
import { usageCardState } from './usage-card-state.ts';

const VIEWER = 7;
const sessionOf = (userId: number): UsageSession => ({
  id: 1,
  resourceId: 3,
  userId,
  user: { id: userId, username: `user${userId}` },
  startTime: '2026-01-02T10:00:00.000Z',
  endTime: null,
  usageInMinutes: -1,
  startNotes: null,
  endNotes: null,
  endedBy: null,
});

describe('usageCardState', () => {
  it('is loading until both the session and the can-control answer are known', () => {
    expect(
      usageCardState({ session: undefined, canControl: true, allowTakeOver: true, viewerId: VIEWER }),
    ).toEqual({
      kind: 'loading',
    });
    expect(
      usageCardState({ session: null, canControl: undefined, allowTakeOver: true, viewerId: VIEWER }),
    ).toEqual({
      kind: 'loading',
    });
  });

  it('offers to start when nobody uses the resource and the viewer may control it', () => {
    expect(
      usageCardState({ session: null, canControl: true, allowTakeOver: false, viewerId: VIEWER }),
    ).toEqual({
      kind: 'available',
    });
  });

  it('asks for an introduction when nobody uses the resource and the viewer may not control it', () => {
    expect(
      usageCardState({ session: null, canControl: false, allowTakeOver: true, viewerId: VIEWER }),
    ).toEqual({
      kind: 'introduction-required',
    });
  });

  it("shows the viewer's own session", () => {
    const session = sessionOf(VIEWER);
    expect(usageCardState({ session, canControl: true, allowTakeOver: true, viewerId: VIEWER })).toEqual({
      kind: 'own',
      session,
    });
  });

  it("offers takeover of another user's session only where allowed and to those who may control", () => {
    const session = sessionOf(8);
    const stateFor = (allowTakeOver: boolean, canControl: boolean) =>
      usageCardState({ session, canControl, allowTakeOver, viewerId: VIEWER });
    expect(stateFor(true, true)).toEqual({ kind: 'other', session, mayTakeOver: true });
    expect(stateFor(false, true)).toEqual({ kind: 'other', session, mayTakeOver: false });
    expect(stateFor(true, false)).toEqual({ kind: 'other', session, mayTakeOver: false });
  });
});
