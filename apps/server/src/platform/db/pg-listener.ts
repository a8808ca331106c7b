import type pg from 'pg';
import { pgDriver } from './pg-driver.ts';

const RECONNECT_MS = 1_000;

export type ChannelListener = {
  /** Resolves once the first attempt to LISTEN is over; a failed one is retried. */
  ready: Promise<void>;
  close(): Promise<void>;
};

/**
 * LISTENs on a PostgreSQL channel over a connection of its own (a pooled connection would be
 * handed to other queries), and listens again after the connection is lost. Notifications sent
 * while it was away are missed, as NOTIFY does not queue them for absent listeners.
 */
export function listenToChannel(options: {
  connectionString: string;
  channel: string;
  onNotification(payload: string): void;
  onError(error: Error): void;
  /** Told when listening starts and when the connection is lost (notifications may be missed). */
  onListening?(listening: boolean): void;
}): ChannelListener {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new (pgDriver().Client)({ connectionString: options.connectionString });
    next.on('notification', (message) => {
      if (message.channel === options.channel) options.onNotification(message.payload ?? '');
    });
    next.on('error', (error) => {
      options.onError(error);
      reconnectLater(next);
    });
    next.on('end', () => reconnectLater(next));
    client = next;
    await next.connect();
    await next.query(`LISTEN ${next.escapeIdentifier(options.channel)}`);
    if (client === next && !closed) options.onListening?.(true);
  }

  function attempt(): Promise<void> {
    return connect().catch((error: Error) => {
      options.onError(error);
      if (client) reconnectLater(client);
    });
  }

  function reconnectLater(lost: pg.Client) {
    if (closed || client !== lost || retry) return;
    client = undefined;
    options.onListening?.(false);
    lost.end().catch(() => undefined);
    retry = setTimeout(() => {
      retry = undefined;
      void attempt();
    }, RECONNECT_MS);
    retry.unref();
  }

  return {
    ready: attempt(),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
