import {
  type MarkOutOfOrderBody,
  type NewDomainEvent,
  outOfOrderMessage,
  type Resource,
} from '@toolpass/contracts';
import type { Db } from '../../platform/db/database.ts';
import type { EventTransactions, RecordEvents } from '../../platform/events/event-transactions.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';

type Actor = { id: number; username: string };

/**
 * Out of order (decision 21): a manager marks a resource out of order, optionally ending the
 * running session in the same transaction, and puts it back in service; the usage service refuses
 * every start in between.
 */
export function createOutOfOrderService(deps: {
  events: EventTransactions<NewDomainEvent>;
  /** The resources service's mark, written in the transaction given. */
  status: {
    setOutOfOrder(
      tx: Db,
      record: RecordEvents<NewDomainEvent>,
      id: number,
      actor: Actor,
      reason: string | null,
    ): Promise<Resource>;
  };
  /** The usage service's end of the running session (its event and observers). */
  sessions: {
    endRunning(
      tx: Db,
      record: RecordEvents<NewDomainEvent>,
      resourceId: number,
      notes: string | null,
      endedBy: Actor,
    ): Promise<unknown>;
  };
}) {
  return {
    /** Marks the resource out of order, ending the running session if asked, in one transaction. */
    async markOutOfOrder(
      actor: UserAccount,
      resourceId: number,
      body: MarkOutOfOrderBody,
    ): Promise<Resource> {
      return deps.events.transaction(async (tx, record) => {
        const resource = await deps.status.setOutOfOrder(tx, record, resourceId, actor, body.reason);
        if (body.endRunningSession) {
          const by = { id: actor.id, username: actor.username };
          await deps.sessions.endRunning(tx, record, resourceId, outOfOrderMessage(body.reason), by);
        }
        return resource;
      });
    },

    async backInService(actor: UserAccount, resourceId: number): Promise<Resource> {
      return deps.events.transaction((tx, record) =>
        deps.status.setOutOfOrder(tx, record, resourceId, actor, null),
      );
    },
  };
}

export type OutOfOrderService = ReturnType<typeof createOutOfOrderService>;
