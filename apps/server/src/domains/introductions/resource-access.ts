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
};

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
