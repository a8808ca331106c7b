import type pg from 'pg';
import { pgDriver } from './pg-driver.ts';

const RECONNECT_MS = 1_000;
/** How long closing waits for the server to confirm the end of the connection. */
const END_WAIT_MS = 500;

/** How the listening connection shows in `pg_stat_activity`, for operators and tests. */
export const LISTENER_APPLICATION_NAME = 'toolpass listener';

export type ChannelListener = {
  /** Resolves once the first attempt to LISTEN is over; a failed one is retried. */
  ready: Promise<void>;
  close(): Promise<void>;
};

export type ListenOptions = {
  channel: string;
  onNotification(payload: string): void;
  onError(error: Error): void;
  /** Told when listening starts and when the connection is lost (notifications may be missed). */
  onListening?(listening: boolean): void;
};

type Subscription = ListenOptions & { listening: boolean };

/**
 * LISTENs on PostgreSQL channels over one connection of its own (a pooled connection would be
 * handed to other queries), and listens again after the connection is lost. Notifications sent
 * while it was away are missed, as NOTIFY does not queue them for absent listeners.
 *
 * One connection for all of an instance's channels, not one each: PostgreSQL wakes every
 * listening connection of the database at every commit that notifies, whatever its channels, so
 * each extra connection costs a process wake-up per write (docs/decisions/0024-read-cache-across-instances.md).
 */
export function createChannelListeners(connectionString: string) {
  const subscriptions = new Set<Subscription>();
  let client: pg.Client | undefined;
  /** The channels LISTENed on `client`. */
  let listened = new Set<string>();
  /** LISTENs and connection attempts, one after the other. */
  let work: Promise<void> = Promise.resolve();
  let retry: NodeJS.Timeout | undefined;

  function tellListening(subscription: Subscription, listening: boolean) {
    if (subscription.listening === listening) return;
    subscription.listening = listening;
    subscription.onListening?.(listening);
  }

  async function connect(): Promise<pg.Client> {
    const next = new (pgDriver().Client)({ connectionString, application_name: LISTENER_APPLICATION_NAME });
    next.on('notification', (message) => {
      for (const subscription of subscriptions) {
        if (subscription.channel === message.channel) subscription.onNotification(message.payload ?? '');
      }
    });
    next.on('error', (error) => {
      for (const subscription of subscriptions) subscription.onError(error);
      reconnectLater(next);
    });
    next.on('end', () => reconnectLater(next));
    client = next;
    listened = new Set();
    await next.connect();
    return next;
  }

  /** Connects if need be and LISTENs on every channel not yet listened on. */
  async function catchUp(): Promise<void> {
    if (subscriptions.size === 0 || retry) return;
    const on = client ?? (await connect());
    for (const subscription of subscriptions) {
      if (!listened.has(subscription.channel)) {
        await on.query(`LISTEN ${on.escapeIdentifier(subscription.channel)}`);
        listened.add(subscription.channel);
      }
      if (client === on) tellListening(subscription, true);
    }
  }

  function schedule(): Promise<void> {
    work = work.then(catchUp).catch((error: Error) => {
      for (const subscription of subscriptions) subscription.onError(error);
      if (client) reconnectLater(client);
    });
    return work;
  }

  function reconnectLater(lost: pg.Client) {
    if (client !== lost) return;
    client = undefined;
    for (const subscription of subscriptions) tellListening(subscription, false);
    lost.end().catch(() => undefined);
    if (subscriptions.size === 0 || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void schedule();
    }, RECONNECT_MS);
    retry.unref();
  }

  return {
    listen(options: ListenOptions): ChannelListener {
      const subscription: Subscription = { ...options, listening: false };
      subscriptions.add(subscription);
      return {
        ready: schedule(),
        async close() {
          subscriptions.delete(subscription);
          if (subscriptions.size > 0) return;
          if (retry) clearTimeout(retry);
          retry = undefined;
          const last = client;
          client = undefined;
          if (last) {
            // A server that stopped answering never confirms the end: after a while the socket
            // is dropped, which also fails a connection attempt still waiting for it.
            const dropping = setTimeout(() => last.connection.stream.destroy(), END_WAIT_MS);
            await last.end().catch(() => undefined);
            clearTimeout(dropping);
          }
          // pg never settles a connection attempt ended by its caller: a later listen must not
          // queue behind it.
          work = Promise.resolve();
        },
      };
    },
  };
}
