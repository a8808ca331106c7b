import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { reusableQuery } from '../db/reusable-query.ts';
import type { Database } from '../db/schema.ts';
import type { TargetRef } from '../jobs/job-upkeep.ts';

/** What a target wants: the events of one type about one resource. */
export type Subscription = { resourceId: number; eventType: string };

/** The targets that want one event type of one resource, keyed by `subscriptionKey`. */
export type Subscribers = Map<string, TargetRef[]>;

export const subscriptionKey = (resourceId: number, eventType: string) => `${resourceId}\u0000${eventType}`;

/** `resource_id` null: a row of `delivery_subscriptions_every_resource`, which wants every resource. */
type Row = { resource_id: number | null; event_type: string; target_kind: string; target_id: string };

/**
 * The targets that want one event type of one resource, those of every resource included: the
 * look-up of `subscribers` for one pair, and a part of the pipeline's one-statement write.
 */
export function subscribersOfOne(kysely: Db, wanted: Subscription) {
  return (
    kysely
      .selectFrom('delivery_subscriptions')
      .select(['resource_id', 'event_type', 'target_kind', 'target_id'])
      .where('resource_id', '=', wanted.resourceId)
      .where('event_type', '=', wanted.eventType)
      // The same look-up answers the targets that want every resource: no second round trip.
      .unionAll((eb) =>
        eb
          .selectFrom('delivery_subscriptions_every_resource')
          .select([sql<number>`null`.as('resource_id'), 'event_type', 'target_kind', 'target_id'])
          .where('event_type', '=', wanted.eventType),
      )
  );
}

/**
 * The only SQL of `delivery_subscriptions` (decision 18): the rows targets register in the
 * transactions of their own writes, and the one look-up per event transaction that answers who
 * receives its events. No domain is asked while a change commits.
 */
export function createDeliverySubscriptions() {
  // Nearly every event transaction writes one event: its look-up is compiled once (reusable-query.ts).
  let ofOne: ReturnType<typeof compileOfOne> | undefined;
  function compileOfOne(db: Db) {
    return reusableQuery<Database, Subscription, Row>(db, ['resourceId', 'eventType'], subscribersOfOne);
  }

  return {
    /**
     * Sets what one target subscribes to, replacing what it had: call it in the transaction that
     * writes the target's settings, so the rows change exactly when the settings do. An empty
     * list (a deleted or switched-off target) removes them.
     */
    async replace(tx: Db, target: TargetRef, subscriptions: Subscription[]): Promise<void> {
      await tx
        .deleteFrom('delivery_subscriptions')
        .where('target_kind', '=', target.kind)
        .where('target_id', '=', target.id)
        .execute();
      if (subscriptions.length === 0) return;
      await tx
        .insertInto('delivery_subscriptions')
        .values(
          subscriptions.map((subscription) => ({
            resource_id: subscription.resourceId,
            event_type: subscription.eventType,
            target_kind: target.kind,
            target_id: target.id,
          })),
        )
        .execute();
    },

    /**
     * Sets the event types one target wants of every resource, present and future (a plugin's
     * subscription), replacing what it had; an empty list removes them.
     */
    async replaceEveryResource(tx: Db, target: TargetRef, eventTypes: string[]): Promise<void> {
      const wanted = [...new Set(eventTypes)].sort();
      const stored = await tx
        .selectFrom('delivery_subscriptions_every_resource')
        .select('event_type')
        .where('target_kind', '=', target.kind)
        .where('target_id', '=', target.id)
        .orderBy('event_type')
        .execute();
      // Every instance that loads a plugin says the same: the first one writes, the others read.
      if (stored.map((row) => row.event_type).join('\n') === wanted.join('\n')) return;
      await tx
        .deleteFrom('delivery_subscriptions_every_resource')
        .where('target_kind', '=', target.kind)
        .where('target_id', '=', target.id)
        .execute();
      if (wanted.length === 0) return;
      await tx
        .insertInto('delivery_subscriptions_every_resource')
        .values(
          wanted.map((eventType) => ({
            event_type: eventType,
            target_kind: target.kind,
            target_id: target.id,
          })),
        )
        // Two instances loading the same plugin at once write the same rows.
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    },

    /** The subscribers of these (resource, event type) pairs: one index look-up. */
    async subscribers(tx: Db, wanted: Subscription[]): Promise<Subscribers> {
      const found: Subscribers = new Map();
      const [only, ...more] = wanted;
      if (only === undefined) return found;
      let rows: Row[];
      if (more.length === 0) {
        ofOne ??= compileOfOne(tx);
        rows = await ofOne(tx, only);
      } else {
        const keys = new Set(wanted.map((pair) => subscriptionKey(pair.resourceId, pair.eventType)));
        rows = (
          await tx
            .selectFrom('delivery_subscriptions')
            .select(['resource_id', 'event_type', 'target_kind', 'target_id'])
            .where('resource_id', 'in', [...new Set(wanted.map((pair) => pair.resourceId))])
            .where('event_type', 'in', [...new Set(wanted.map((pair) => pair.eventType))])
            .execute()
        ).filter((row) => keys.has(subscriptionKey(row.resource_id, row.event_type)));
        const everyResource = await tx
          .selectFrom('delivery_subscriptions_every_resource')
          .select(['event_type', 'target_kind', 'target_id'])
          .where('event_type', 'in', [...new Set(wanted.map((pair) => pair.eventType))])
          .execute();
        rows.push(...everyResource.map((row) => ({ ...row, resource_id: null })));
      }
      const add = (key: string, row: Row) => {
        const list = found.get(key) ?? [];
        list.push({ kind: row.target_kind, id: row.target_id });
        found.set(key, list);
      };
      for (const row of rows) {
        if (row.resource_id !== null) {
          add(subscriptionKey(row.resource_id, row.event_type), row);
          continue;
        }
        // A target of every resource receives each wanted pair of its event type, once.
        for (const pair of new Set(wanted.map((one) => subscriptionKey(one.resourceId, one.eventType)))) {
          if (pair.endsWith(`\u0000${row.event_type}`)) add(pair, row);
        }
      }
      return found;
    },
  };
}

export type DeliverySubscriptions = ReturnType<typeof createDeliverySubscriptions>;

/** What the owners of targets keep: their own rows, nothing else. */
export type SubscriptionUpkeep = Pick<DeliverySubscriptions, 'replace' | 'replaceEveryResource'>;
