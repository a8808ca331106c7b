/**
 * What a user holds with respect to one resource, gathered in a fixed number of queries
 * (introductions.repository `accessFacts`), and the pure rules over it (spec 01 §4, §6; 02 §6).
 */
export type ResourceAccess = {
  canManageResources: boolean;
  /** Introducer of the resource itself. */
  isIntroducer: boolean;
  /** Introducer of one of the groups the resource belongs to. */
  isGroupIntroducer: boolean;
  /** The newest introduction entry for the resource is a grant. */
  hasIntroduction: boolean;
  /** The newest introduction entry for one of its groups is a grant. */
  hasGroupIntroduction: boolean;
  /** When the user's valid introduction lapses; null or absent: never, or none held. */
  introductionExpiresAt?: Date | null;
  /** Set when every introduction the user held here lapsed: the latest lapse. */
  introductionLapsedAt?: Date | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** A grant of an introduction with the rules of its resource or group (decision 21). */
export type GrantValidity = {
  grantId: number;
  /** The grant is to the resource itself, not to one of its groups. */
  direct: boolean;
  grantedAt: Date;
  validForDays: number | null;
  expiresAfterUnusedDays: number | null;
  /** The member's last session start on the resource (direct) or any resource of the group. */
  lastUsedAt: Date | null;
  /** When a lapse was recorded for this grant: it stays lapsed, whatever happened since. */
  recordedLapseAt: Date | null;
};

/**
 * When a grant lapses: `validForDays` after the grant, or `expiresAfterUnusedDays` after the
 * later of the grant and the member's last session, whichever comes first; null for never.
 */
export function expiryOf(grant: GrantValidity): Date | null {
  if (grant.recordedLapseAt) return grant.recordedLapseAt;
  const candidates: number[] = [];
  if (grant.validForDays !== null) candidates.push(grant.grantedAt.getTime() + grant.validForDays * DAY_MS);
  if (grant.expiresAfterUnusedDays !== null) {
    const lastUse = Math.max(grant.grantedAt.getTime(), grant.lastUsedAt?.getTime() ?? 0);
    candidates.push(lastUse + grant.expiresAfterUnusedDays * DAY_MS);
  }
  return candidates.length === 0 ? null : new Date(Math.min(...candidates));
}

/**
 * The introduction part of `ResourceAccess` from the user's newest grants on a resource and its
 * groups: which still hold at `now`, when the valid one lapses, and when they lapsed if none holds.
 */
export function introductionStatus(grants: GrantValidity[], now: Date) {
  let hasIntroduction = false;
  let hasGroupIntroduction = false;
  let expiresAt: Date | null = null;
  let neverExpires = false;
  let lapsedAt: Date | null = null;
  for (const grant of grants) {
    const expiry = expiryOf(grant);
    if (expiry !== null && expiry.getTime() <= now.getTime()) {
      if (!lapsedAt || expiry > lapsedAt) lapsedAt = expiry;
      continue;
    }
    if (grant.direct) hasIntroduction = true;
    else hasGroupIntroduction = true;
    if (expiry === null) neverExpires = true;
    else if (!expiresAt || expiry > expiresAt) expiresAt = expiry;
  }
  const valid = hasIntroduction || hasGroupIntroduction;
  return {
    hasIntroduction,
    hasGroupIntroduction,
    introductionExpiresAt: valid && !neverExpires ? expiresAt : null,
    introductionLapsedAt: valid ? null : lapsedAt,
  };
}

/**
 * Who may start a session, and who "may control" the resource (can-control, takeover):
 * managers, introducers of the resource or one of its groups, and users with a valid
 * introduction to the resource or one of its groups.
 */
export function mayUseResource(access: ResourceAccess): boolean {
  return (
    access.canManageResources ||
    access.isIntroducer ||
    access.isGroupIntroducer ||
    access.hasIntroduction ||
    access.hasGroupIntroduction
  );
}

/** Managers and introducers (of the resource or of one of its groups) introduce others to it. */
export function mayIntroduceToResource(access: ResourceAccess): boolean {
  return access.canManageResources || access.isIntroducer || access.isGroupIntroducer;
}

/**
 * Ending another user's session is for those who look after the resource: managers and its
 * introducers. A plain introduction only lets a user end their own session (or take over).
 */
export function mayEndSessionOf(access: ResourceAccess, sessionUserId: number, actorId: number): boolean {
  return (
    sessionUserId === actorId || access.canManageResources || access.isIntroducer || access.isGroupIntroducer
  );
}

/** Introductions to a group: managers and introducers of that group. */
export function mayIntroduceToGroup(access: {
  canManageResources: boolean;
  isGroupIntroducer: boolean;
}): boolean {
  return access.canManageResources || access.isGroupIntroducer;
}
