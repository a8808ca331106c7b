import net from 'node:net';
import { Aedes, type AedesOptions } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { freePort } from './free-port.ts';

/** A broker tests publish to: where it listens and how to let it go. */
export type TestBroker = {
  kind: 'mosquitto' | 'aedes';
  host: string;
  port: number;
  close(): Promise<void>;
};

/** A broker the test owns: it can be stopped and started again on the same port. */
export type OwnBroker = TestBroker & {
  kind: 'aedes';
  stop(): Promise<void>;
  start(): Promise<void>;
  /** PUBLISH packets from clients (not the broker's own $SYS ones) since the broker was made. */
  published: { topic: string; payload: string }[];
};

const MOSQUITTO = { host: '127.0.0.1', port: 1883 };

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 500 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * An in-process aedes broker on a port of its own. `stop` ends every connection and stops
 * listening; `start` listens on the same port again, as a broker that was restarted. Sessions
 * and subscriptions live on across a restart, as with a broker that persists them, so a
 * subscriber with a persistent session gets what was published while it was cut off.
 */
export async function startOwnBroker(
  options: Pick<AedesOptions, 'authenticate' | 'authorizePublish'> & { port?: number } = {},
): Promise<OwnBroker> {
  const port = options.port ?? (await freePort());
  const published: { topic: string; payload: string }[] = [];
  const aedes = await Aedes.createBroker({
    maxClientsIdLength: 256,
    ...(options.authenticate ? { authenticate: options.authenticate } : {}),
    ...(options.authorizePublish ? { authorizePublish: options.authorizePublish } : {}),
  });
  aedes.on('publish', (packet, client) => {
    if (client) published.push({ topic: packet.topic, payload: packet.payload.toString() });
  });
  let server: net.Server | undefined;
  const sockets = new Set<net.Socket>();

  async function start() {
    if (server) return;
    const listening = net.createServer((socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      aedes.handle(socket);
    });
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
    });
    server = listening;
  }

  async function stop() {
    const listening = server;
    server = undefined;
    if (!listening) return;
    const closed = new Promise<void>((resolve) => listening.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  }

  async function close() {
    await stop();
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
  }

  await start();
  return { kind: 'aedes', host: '127.0.0.1', port, published, start, stop, close };
}

/**
 * The broker most tests share: Mosquitto at 127.0.0.1:1883 when it answers (architecture §Tests), else an
 * aedes broker of this test file. Tests on a shared broker use topics no other test uses.
 */
export async function sharedBroker(): Promise<TestBroker> {
  if (await answers(MOSQUITTO.host, MOSQUITTO.port)) {
    return { kind: 'mosquitto', ...MOSQUITTO, close: async () => undefined };
  }
  return startOwnBroker();
}

export type ReceivedMessage = { topic: string; payload: string; at: number };

/** A real MQTT.js client subscribed to `topics`, recording what arrives, as a machine would. */
export async function subscribe(
  broker: Pick<TestBroker, 'host' | 'port'>,
  topics: string | string[],
  options: { persistentSession?: boolean } = {},
): Promise<{ messages: ReceivedMessage[]; client: MqttClient; close(): Promise<void> }> {
  const client = await mqtt.connectAsync({
    host: broker.host,
    port: broker.port,
    protocol: 'mqtt',
    reconnectPeriod: 200,
    connectTimeout: 5_000,
    // A persistent session keeps the subscription and queues QoS 1 messages while cut off.
    ...(options.persistentSession
      ? { clean: false, clientId: `machine-${Math.random().toString(36).slice(2, 10)}` }
      : {}),
  });
  client.on('error', () => undefined);
  const messages: ReceivedMessage[] = [];
  client.on('message', (topic, payload) => {
    messages.push({ topic, payload: payload.toString(), at: performance.now() });
  });
  await client.subscribeAsync(topics, { qos: 1 });
  return {
    messages,
    client,
    close: () => client.endAsync(true),
  };
}
