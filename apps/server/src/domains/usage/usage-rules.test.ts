import { describe, expect, it } from 'vitest';
import type { ResourceAccess } from '../introductions/resource-access.ts';
import { decideStart, mayEnd } from './usage-rules.ts';

const NOTHING: ResourceAccess = {
  canManageResources: false,
  isIntroducer: false,
  isGroupIntroducer: false,
  hasIntroduction: false,
  hasGroupIntroduction: false,
};
const ACTOR = 7;
const NOW = new Date('2026-11-22T10:00:00.000Z');
const EARLIER = new Date('2026-11-22T09:00:00.000Z');
const OTHER = 8;

const roles: Record<string, ResourceAccess> = {
  manager: { ...NOTHING, canManageResources: true },
  introducer: { ...NOTHING, isIntroducer: true },
  'group introducer': { ...NOTHING, isGroupIntroducer: true },
  'introduced member': { ...NOTHING, hasIntroduction: true },
  'member introduced to a group': { ...NOTHING, hasGroupIntroduction: true },
};

describe('decideStart', () => {
  it('refuses a member without introduction, even on a free resource', () => {
    expect(
      decideStart({
        access: NOTHING,
        allowTakeOver: true,
        active: undefined,
        actorId: ACTOR,
        forceTakeOver: false,
        requestedAt: NOW,
      }),
    ).toEqual({ kind: 'refuse', reason: 'needs-introduction' });
  });

  it.each(Object.entries(roles))('lets a %s start on a free resource', (_, access) => {
    expect(
      decideStart({
        access,
        allowTakeOver: false,
        active: undefined,
        actorId: ACTOR,
        forceTakeOver: false,
        requestedAt: NOW,
      }),
    ).toEqual({ kind: 'start' });
  });

  it.each(Object.entries(roles))(
    'lets a %s take over when the resource allows it and they ask for it',
    (_, access) => {
      expect(
        decideStart({
          access,
          allowTakeOver: true,
          active: { userId: OTHER, startTime: EARLIER },
          actorId: ACTOR,
          forceTakeOver: true,
          requestedAt: NOW,
        }),
      ).toEqual({ kind: 'take-over' });
    },
  );

  it('says "in use" when another user holds the resource and no takeover is asked for', () => {
    expect(
      decideStart({
        access: roles.manager as ResourceAccess,
        allowTakeOver: true,
        active: { userId: OTHER, startTime: EARLIER },
        actorId: ACTOR,
        forceTakeOver: false,
        requestedAt: NOW,
      }),
    ).toEqual({ kind: 'refuse', reason: 'in-use' });
  });

  it('refuses a takeover when the resource does not allow it, even for a manager', () => {
    expect(
      decideStart({
        access: roles.manager as ResourceAccess,
        allowTakeOver: false,
        active: { userId: OTHER, startTime: EARLIER },
        actorId: ACTOR,
        forceTakeOver: true,
        requestedAt: NOW,
      }),
    ).toEqual({ kind: 'refuse', reason: 'take-over-not-allowed' });
  });

  it('does not take over the own running session', () => {
    expect(
      decideStart({
        access: roles.manager as ResourceAccess,
        allowTakeOver: true,
        active: { userId: ACTOR, startTime: EARLIER },
        actorId: ACTOR,
        forceTakeOver: true,
        requestedAt: NOW,
      }),
    ).toEqual({ kind: 'refuse', reason: 'in-use' });
  });
});

describe('mayEnd', () => {
  it('lets the owner end their session whatever their access', () => {
    expect(mayEnd({ access: NOTHING, sessionUserId: ACTOR, actorId: ACTOR })).toBe(true);
  });

  it("lets managers and introducers end another user's session, and nobody else", () => {
    const others = Object.fromEntries(
      Object.entries(roles).map(([role, access]) => [
        role,
        mayEnd({ access, sessionUserId: OTHER, actorId: ACTOR }),
      ]),
    );
    expect(others).toEqual({
      manager: true,
      introducer: true,
      'group introducer': true,
      'introduced member': false,
      'member introduced to a group': false,
    });
    expect(mayEnd({ access: NOTHING, sessionUserId: OTHER, actorId: ACTOR })).toBe(false);
  });
});

describe('decideStart for simultaneous takeovers', () => {
  const base = {
    access: { ...NOTHING, canManageResources: true },
    allowTakeOver: true,
    actorId: ACTOR,
    forceTakeOver: true,
    requestedAt: NOW,
  };

  it('takes over a session that was running when the request arrived', () => {
    expect(
      decideStart({ ...base, active: { userId: OTHER, startTime: new Date(NOW.getTime() - 1) } }),
    ).toEqual({
      kind: 'take-over',
    });
  });

  it('refuses a session that started at or after the request arrived: another takeover won', () => {
    for (const startTime of [NOW, new Date(NOW.getTime() + 5)]) {
      expect(decideStart({ ...base, active: { userId: OTHER, startTime } })).toEqual({
        kind: 'refuse',
        reason: 'in-use',
      });
    }
  });
});
