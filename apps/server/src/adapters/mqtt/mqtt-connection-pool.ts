import { createHash } from 'node:crypto';
import type { MqttServerStatus } from '@toolpass/contracts';
import type { MqttClient } from 'mqtt';
import type { MqttConnectionSettings, MqttMessage } from '../../domains/mqtt/mqtt-connections.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import type { OutboundPolicy } from '../../platform/net/outbound-policy.ts';
import {
  brokerAddress,
  clientOptions,
  describeError,
  detailOf,
  endClient,
  openClient,
  testConnection,
} from './mqtt-connection.ts';

/** How soon a lost connection is tried again. */
const RECONNECT_PERIOD_MS = 2_000;
/** How long a publish waits for the broker's acknowledgement (PUBACK) before it counts as failed. */
export const PUBLISH_TIMEOUT_MS = 10_000;
/** How long a first use waits for a new connection's first attempt, before it fails fast like the rest. */
export const FIRST_CONNECT_WAIT_MS = 5_000;
/** The same for a status request, which a person is waiting for. */
const STATUS_FIRST_CONNECT_WAIT_MS = 2_000;

/** Publishing failed; the message may or may not have reached the broker. */
export class MqttPublishError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MqttPublishError';
  }
}

type Counters = { lastError: string | null; messagesSent: number; messagesFailed: number };

type Connection = {
  /** Which settings this client was made for; a change makes a new client. */
  key: string;
  settings: MqttConnectionSettings;
  client: MqttClient;
  /** Settles when the first attempt connected or failed. */
  firstAttempt: Promise<void>;
  firstAttemptDone: boolean;
  /** Publishes waiting for their acknowledgement: a lost connection fails them at once. */
  waiting: Set<(error: Error) => void>;
  /** Ended on purpose (deleted server, new settings, shutdown): its close is no news. */
  ending: boolean;
};

/** The settings as a key; hashed, so the password is not kept a second time in clear. */
function keyOf(settings: MqttConnectionSettings): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        settings.host,
        settings.port,
        settings.useTls,
        settings.clientId,
        settings.username,
        settings.password,
      ]),
    )
    .digest('hex');
}

function waitAtMost(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * One long-lived MQTT.js client per server (decision 10), made when first needed, made anew when
 * the server's connection settings change, ended when the server is deleted or the app closes.
 * MQTT.js reconnects on its own every 2 s.
 *
 * A publish while the client is offline fails at once with the last error instead of being
 * queued by MQTT.js: the delivery job is the queue and retries it, and a message MQTT.js kept
 * would go out a second time beside the retry. For the same reason a publish that loses its
 * connection or its acknowledgement is taken out of MQTT.js's store before it fails.
 *
 * Counters (sent, failed, last error) are per server, in memory, since this process started.
 */
export function createMqttConnectionPool(deps: { logger: Logger; outbound: OutboundPolicy }) {
  /** Told when a client connected or reconnected: deliveries waiting for it can go out now. */
  const connectedListeners: ((serverId: number) => void)[] = [];
  const connections = new Map<number, Connection>();
  const counters = new Map<number, Counters>();
  let closed = false;

  function countersOf(serverId: number): Counters {
    let entry = counters.get(serverId);
    if (!entry) {
      entry = { lastError: null, messagesSent: 0, messagesFailed: 0 };
      counters.set(serverId, entry);
    }
    return entry;
  }

  function open(settings: MqttConnectionSettings): Connection {
    const client = openClient(
      clientOptions(settings, { reconnectPeriod: RECONNECT_PERIOD_MS }),
      deps.outbound,
    );
    const stats = countersOf(settings.serverId);
    let settleFirst: () => void = () => undefined;
    const connection: Connection = {
      key: keyOf(settings),
      settings,
      client,
      firstAttempt: new Promise<void>((resolve) => {
        settleFirst = resolve;
      }),
      firstAttemptDone: false,
      waiting: new Set(),
      ending: false,
    };
    const firstDone = () => {
      connection.firstAttemptDone = true;
      settleFirst();
    };
    let wasConnected = false;
    // One line per distinct problem, not one every 2 s while a broker stays down.
    let lastLogged: string | null = null;
    client.on('connect', () => {
      firstDone();
      if (wasConnected) return;
      wasConnected = true;
      lastLogged = null;
      deps.logger.info({ serverId: settings.serverId, broker: brokerAddress(settings) }, 'MQTT connected');
      for (const listener of connectedListeners) listener(settings.serverId);
    });
    client.on('error', (error) => {
      // The log has the system's words; the status answer only what describeError lets through.
      const detail = detailOf(error, settings);
      if (detail !== lastLogged) {
        lastLogged = detail;
        deps.logger.warn(
          { serverId: settings.serverId, broker: brokerAddress(settings), err: detail },
          'MQTT connection failed',
        );
      }
      stats.lastError = describeError(error, settings);
      firstDone();
    });
    client.on('close', () => {
      firstDone();
      const dropped = wasConnected && !connection.ending;
      wasConnected = false;
      if (dropped) {
        stats.lastError ??= 'The connection to the broker was closed';
        deps.logger.warn(
          { serverId: settings.serverId, broker: brokerAddress(settings) },
          'MQTT disconnected',
        );
      }
      const lost = new Error('the connection was lost before the broker acknowledged it');
      for (const fail of [...connection.waiting]) fail(lost);
    });
    connections.set(settings.serverId, connection);
    return connection;
  }

  function drop(serverId: number): Promise<void> {
    const connection = connections.get(serverId);
    if (!connection) return Promise.resolve();
    connections.delete(serverId);
    connection.ending = true;
    const gone = new Error('the connection was ended here (shutdown, new settings or a deleted server)');
    for (const fail of [...connection.waiting]) fail(gone);
    return endClient(connection.client).catch((error: unknown) =>
      deps.logger.warn(
        { serverId, err: detailOf(error, connection.settings) },
        'Ending an MQTT client failed',
      ),
    );
  }

  /** The server's client, made anew when its settings changed. */
  function connectionFor(settings: MqttConnectionSettings): Connection {
    if (closed) throw new MqttPublishError('The app is shutting down');
    const existing = connections.get(settings.serverId);
    if (existing && existing.key === keyOf(settings)) return existing;
    if (existing) {
      void drop(settings.serverId);
      countersOf(settings.serverId).lastError = null;
    }
    return open(settings);
  }

  /** Removes a message MQTT.js still holds for a resend, so only the delivery job retries it. */
  function forgetOutgoing(client: MqttClient, callback: unknown) {
    for (const [id, entry] of Object.entries(client.outgoing)) {
      if (entry.cb === callback) client.removeOutgoingMessage(Number(id));
    }
  }

  function publishOn(connection: Connection, message: MqttMessage): Promise<void> {
    const { client, settings } = connection;
    const stats = countersOf(settings.serverId);
    return new Promise<void>((resolve, reject) => {
      let done = false;
      const finish = (error?: Error) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        connection.waiting.delete(finish);
        if (!error) {
          stats.messagesSent += 1;
          resolve();
          return;
        }
        const reason = describeError(error, settings);
        stats.messagesFailed += 1;
        stats.lastError = reason;
        forgetOutgoing(client, callback);
        reject(new MqttPublishError(`${brokerAddress(settings)} did not accept the message: ${reason}`));
      };
      const callback = (error?: Error | null) => finish(error ?? undefined);
      const timer = setTimeout(
        () => finish(new Error(`no acknowledgement within ${PUBLISH_TIMEOUT_MS / 1000} s`)),
        PUBLISH_TIMEOUT_MS,
      );
      connection.waiting.add(finish);
      client.publish(message.topic, message.payload, { qos: 1 }, callback);
    });
  }

  return {
    /** Calls `listener` each time a server's client connects after having been offline. */
    onConnected(listener: (serverId: number) => void): void {
      connectedListeners.push(listener);
    },

    /** Tries settings on a fresh connection of its own; the server's client is left alone. */
    test: (settings: MqttConnectionSettings) => testConnection(settings, deps.outbound),

    /**
     * Publishes one message with QoS 1 and resolves once the broker acknowledged it. Fails at
     * once when the server's client is not connected (after a new client's first attempt).
     */
    async publish(settings: MqttConnectionSettings, message: MqttMessage): Promise<void> {
      const connection = connectionFor(settings);
      if (!connection.firstAttemptDone) await waitAtMost(connection.firstAttempt, FIRST_CONNECT_WAIT_MS);
      if (!connection.client.connected) {
        const stats = countersOf(settings.serverId);
        stats.messagesFailed += 1;
        throw new MqttPublishError(
          `Not connected to ${brokerAddress(settings)}: ${stats.lastError ?? 'still connecting'}`,
        );
      }
      await publishOn(connection, message);
    },

    /** The state of the server's client; asking starts it, so the screen shows a real answer. */
    async status(settings: MqttConnectionSettings): Promise<Omit<MqttServerStatus, 'serverId'>> {
      const connection = closed ? undefined : connectionFor(settings);
      if (connection && !connection.firstAttemptDone) {
        await waitAtMost(connection.firstAttempt, STATUS_FIRST_CONNECT_WAIT_MS);
      }
      const stats = countersOf(settings.serverId);
      return {
        connected: connection?.client.connected ?? false,
        lastError: stats.lastError,
        messagesSent: stats.messagesSent,
        messagesFailed: stats.messagesFailed,
      };
    },

    /** The server's settings were saved: a client made for other settings is replaced now. */
    settingsChanged(settings: MqttConnectionSettings): void {
      const existing = connections.get(settings.serverId);
      if (!existing || existing.key === keyOf(settings) || closed) return;
      connectionFor(settings);
    },

    /** The server was deleted: its client ends and its counters go. */
    async forget(serverId: number): Promise<void> {
      counters.delete(serverId);
      await drop(serverId);
    },

    /** Whether the server has a client now (for tests). */
    has(serverId: number): boolean {
      return connections.has(serverId);
    },

    /** Ends every client; later publishes fail. */
    async close(): Promise<void> {
      closed = true;
      await Promise.all([...connections.keys()].map((serverId) => drop(serverId)));
    },
  };
}

export type MqttConnectionPool = ReturnType<typeof createMqttConnectionPool>;
