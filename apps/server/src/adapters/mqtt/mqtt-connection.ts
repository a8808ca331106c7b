import { randomBytes } from 'node:crypto';
import { Messages } from '@toolpass/contracts';
import type { IClientOptions, MqttClient } from 'mqtt';
import type { MqttConnectionSettings } from '../../domains/mqtt/mqtt-connections.ts';
import { lazyModule } from '../../platform/lazy-module.ts';
import { HostNotAllowedError, type OutboundPolicy } from '../../platform/net/outbound-policy.ts';

/** MQTT.js loads with the first broker connection: most spaces configure none. */
const loadMqtt = lazyModule<typeof import('mqtt')>('mqtt');

/** How long the broker may take to answer a connection attempt (CONNACK included). */
export const CONNECT_TIMEOUT_MS = 10_000;

/** Where the broker is, as people name it in a message: host:port, and TLS when used. */
export function brokerAddress(settings: MqttConnectionSettings): string {
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  return `${settings.useTls ? 'mqtts' : 'mqtt'}://${host}:${settings.port}`;
}

/**
 * An error as a manager reads it in an answer: the broker's own refusals (MQTT reason codes) and
 * our own reasons as they are, but the socket layer's errors ("connect ECONNREFUSED 10.0.0.5:22")
 * only as "could not connect", so a test cannot be used to scan ports (issue 26).
 */
export function describeError(error: unknown, settings: Pick<MqttConnectionSettings, 'password'>): string {
  if (error instanceof HostNotAllowedError) return Messages.hostNotAllowed;
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' || error instanceof AggregateError) return Messages.couldNotConnect;
  return detailOf(error, settings);
}

/**
 * An error in full for the server's log, with the password cut out: MQTT.js and the socket layer
 * do not put it in their messages, but a log line must never carry it, whatever they do.
 */
export function detailOf(error: unknown, settings: Pick<MqttConnectionSettings, 'password'>): string {
  let text = error instanceof Error ? error.message : String(error);
  // Node reports a refused connection to a name with several addresses as an AggregateError
  // without a message of its own.
  if (text.trim() === '' && error instanceof AggregateError) {
    text = error.errors.map((inner) => (inner instanceof Error ? inner.message : String(inner))).join('; ');
  }
  if (text.trim() === '')
    text = error instanceof Error && 'code' in error ? String(error.code) : 'Unknown error';
  const { password } = settings;
  return password ? text.split(password).join('[redacted]') : text;
}

/** The MQTT.js options of a connection to these settings. */
export function clientOptions(
  settings: MqttConnectionSettings,
  options: { reconnectPeriod: number; clientIdSuffix?: string },
): IClientOptions {
  const clientId = settings.clientId
    ? `${settings.clientId}${options.clientIdSuffix ?? ''}`
    : `toolpass-${randomBytes(6).toString('hex')}`;
  return {
    host: settings.host,
    port: settings.port,
    protocol: settings.useTls ? 'mqtts' : 'mqtt',
    clientId,
    ...(settings.username !== null ? { username: settings.username } : {}),
    ...(settings.password !== null ? { password: settings.password } : {}),
    connectTimeout: CONNECT_TIMEOUT_MS,
    reconnectPeriod: options.reconnectPeriod,
    clean: true,
    resubscribe: false,
    // Nothing is queued while offline: the delivery jobs are the queue (decision 10).
    queueQoSZero: false,
  };
}

/**
 * Opens an MQTT.js client; its errors are always listened to, so none is thrown as unhandled.
 * Each (re)connection resolves the host through the outbound policy and goes to an address that
 * passed it (decision 17); a refused one fails before the CONNECT packet, password and all, leaves.
 */
export function openClient(options: IClientOptions, policy: OutboundPolicy): MqttClient {
  const client = new (loadMqtt().MqttClient)(
    () =>
      policy.connect({
        host: options.host ?? '',
        port: options.port ?? 1883,
        tls: options.protocol === 'mqtts',
      }),
    options,
  );
  client.on('error', () => undefined);
  return client;
}

/** Ends a client: politely when it is connected (DISCONNECT), at once when not or when that hangs. */
export async function endClient(client: MqttClient): Promise<void> {
  if (!client.connected) {
    await client.endAsync(true);
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    client.endAsync(false),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, 1_000);
    }),
  ]);
  clearTimeout(timer);
  if (!client.disconnected) await client.endAsync(true);
}

/** Longest a server test may take, whatever the network does (issue 15: within 15 s). */
const TEST_HARD_LIMIT_MS = 12_000;

/**
 * Tries the settings on a fresh, short-lived connection that never retries, so a test says what
 * happens now and does not disturb the long-lived connection of the server. A configured client
 * id gets a suffix: brokers drop the older of two connections with the same id.
 */
export async function testConnection(
  settings: MqttConnectionSettings,
  policy: OutboundPolicy,
  options: { hardLimitMs?: number } = {},
): Promise<{ success: boolean; message: string }> {
  const address = brokerAddress(settings);
  const client = openClient(clientOptions(settings, { reconnectPeriod: 0, clientIdSuffix: '-test' }), policy);
  const limitMs = options.hardLimitMs ?? TEST_HARD_LIMIT_MS;
  let timer: NodeJS.Timeout | undefined;
  const outcome = await new Promise<{ success: boolean; message: string }>((resolve) => {
    let lastError: string | undefined;
    client.once('connect', () => resolve({ success: true, message: `Connected to ${address}` }));
    client.on('error', (error) => {
      lastError = describeError(error, settings);
      resolve({ success: false, message: `Could not connect to ${address}: ${lastError}` });
    });
    client.once('close', () =>
      resolve({
        success: false,
        message: `Could not connect to ${address}: ${lastError ?? 'the connection was closed'}`,
      }),
    );
    timer = setTimeout(
      () =>
        resolve({
          success: false,
          message: `Could not connect to ${address}: no answer within ${Math.round(limitMs / 1000)} s`,
        }),
      limitMs,
    );
  });
  clearTimeout(timer);
  await endClient(client);
  return outcome;
}
