import type { UsageSession } from '@toolpass/contracts';

/** What the usage session card shows (spec 01 §2 "Usage session card"). */
export type UsageCardState =
  | { kind: 'loading' }
  | { kind: 'own'; session: UsageSession }
  | { kind: 'other'; session: UsageSession; mayTakeOver: boolean }
  | { kind: 'available' }
  | { kind: 'introduction-required' };

type UsageCardInput = {
  /** The running session, null when there is none, undefined while it loads. */
  session: UsageSession | null | undefined;
  /** The server's can-control answer, undefined while it loads. */
  canControl: boolean | undefined;
  allowTakeOver: boolean;
  viewerId: number;
};

/**
 * The server's can-control answer is its start rule (usage-rules `decideStart`): managers,
 * introducers of the resource or its groups, and users introduced to it or one of its groups may
 * start, and the same people may take over where the resource allows it. Everyone else is shown
 * who can introduce them; another user's running session is shown to all, so "In Use" is visible.
 */
export function usageCardState({
  session,
  canControl,
  allowTakeOver,
  viewerId,
}: UsageCardInput): UsageCardState {
  if (session === undefined || canControl === undefined) return { kind: 'loading' };
  if (session === null) return canControl ? { kind: 'available' } : { kind: 'introduction-required' };
  if (session.userId === viewerId) return { kind: 'own', session };
  return { kind: 'other', session, mayTakeOver: allowTakeOver && canControl };
}
