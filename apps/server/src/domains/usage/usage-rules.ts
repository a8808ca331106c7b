import { mayEndSessionOf, mayUseResource, type ResourceAccess } from '../introductions/resource-access.ts';

export type StartDecision =
  | { kind: 'start' }
  | { kind: 'take-over' }
  | { kind: 'refuse'; reason: 'needs-introduction' | 'in-use' | 'take-over-not-allowed' };

/**
 * Whether a start request starts a session, takes over the running one, or is refused
 * (spec 01 §4, §6). Takeover needs the resource to allow it, the caller to ask for it with
 * forceTakeOver, and the same right as starting (managers, introducers, introduced users).
 *
 * A takeover only ends a session that was already running when the request arrived: the caller
 * cannot have meant a session that did not exist yet. So of several people who press "take over"
 * at the same moment exactly one wins, instead of each silently taking it from the one before.
 */
export function decideStart(input: {
  access: ResourceAccess;
  allowTakeOver: boolean;
  active: { userId: number; startTime: Date } | undefined;
  actorId: number;
  forceTakeOver: boolean;
  requestedAt: Date;
}): StartDecision {
  if (!mayUseResource(input.access)) return { kind: 'refuse', reason: 'needs-introduction' };
  if (input.active === undefined) return { kind: 'start' };
  // Taking over one's own session would only restart the clock; the client ends it instead.
  if (input.active.userId === input.actorId || !input.forceTakeOver)
    return { kind: 'refuse', reason: 'in-use' };
  if (!input.allowTakeOver) return { kind: 'refuse', reason: 'take-over-not-allowed' };
  if (input.active.startTime.getTime() >= input.requestedAt.getTime())
    return { kind: 'refuse', reason: 'in-use' };
  return { kind: 'take-over' };
}

/** Whether the caller may end the running session: its owner, managers and introducers. */
export function mayEnd(input: { access: ResourceAccess; sessionUserId: number; actorId: number }): boolean {
  return mayEndSessionOf(input.access, input.sessionUserId, input.actorId);
}
