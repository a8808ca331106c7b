import type { BookingMode, NewDomainEvent } from '@toolpass/contracts';
import type { Db } from '../../platform/db/database.ts';
import type { RecordEvents } from '../../platform/events/event-transactions.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';
import type { UsageSessionRecord } from './usage-session.ts';

/**
 * Where other domains take part in starts and ends (decision 23): bookings and the wait list
 * refuse a start or follow a session without the usage service knowing their rules. Both run in
 * the start's or end's transaction, so their reads and writes commit or fail with it.
 */
export type StartAttempt = {
  resourceId: number;
  resourceName: string;
  bookingMode: BookingMode;
  actor: UserAccount;
  now: Date;
};

/** A rule that may refuse a start: it throws the refusal (an HTTP error), or returns. */
export type StartGuard = (tx: Db, attempt: StartAttempt) => Promise<void>;

export type SessionChange = {
  resourceId: number;
  resourceName: string;
  bookingMode: BookingMode;
  session: UsageSessionRecord;
  now: Date;
};

/** Told of every session that starts or ends, in the same transaction. */
export type SessionObserver = {
  started?(tx: Db, record: RecordEvents<NewDomainEvent>, change: SessionChange): Promise<void>;
  ended?(tx: Db, record: RecordEvents<NewDomainEvent>, change: SessionChange): Promise<void>;
};

/** Runs every guard in order; the first refusal wins. */
export async function checkStartGuards(guards: readonly StartGuard[], tx: Db, attempt: StartAttempt) {
  for (const guard of guards) await guard(tx, attempt);
}

/** Tells every observer of a start or an end. */
export async function notifySessionObservers(
  observers: readonly SessionObserver[],
  which: 'started' | 'ended',
  tx: Db,
  record: RecordEvents<NewDomainEvent>,
  change: SessionChange,
) {
  for (const observer of observers) await observer[which]?.(tx, record, change);
}
