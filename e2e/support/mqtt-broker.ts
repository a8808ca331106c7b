import net from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';

/** The broker the browser tests configure as an MQTT server, and how to let it go. */
export type E2eBroker = { kind: 'mosquitto' | 'aedes'; host: string; port: number; close(): Promise<void> };

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

/** An aedes broker in the global setup's process, on a port of its own. */
async function startAedes(): Promise<E2eBroker> {
  const aedes = await Aedes.createBroker();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    aedes.handle(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    kind: 'aedes',
    host: '127.0.0.1',
    port,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    },
  };
}

/**
 * Mosquitto at 127.0.0.1:1883 when it answers (architecture §Tests), else an aedes broker started here.
 * Tests on it use topics no other test uses.
 */
export async function startE2eBroker(): Promise<E2eBroker> {
  if (await answers(MOSQUITTO.host, MOSQUITTO.port)) {
    return { kind: 'mosquitto', ...MOSQUITTO, close: async () => undefined };
  }
  return startAedes();
}

export type ReceivedMessage = { topic: string; payload: string };

/** A real MQTT client subscribed to `topic`, recording what arrives, as a machine would. */
export async function subscribeAsMachine(
  broker: { host: string; port: number },
  topic: string,
): Promise<{ messages: ReceivedMessage[]; close(): Promise<void> }> {
  const client = await mqtt.connectAsync({
    host: broker.host,
    port: broker.port,
    protocol: 'mqtt',
    connectTimeout: 5_000,
    reconnectPeriod: 200,
  });
  client.on('error', () => undefined);
  const messages: ReceivedMessage[] = [];
  client.on('message', (received, payload) =>
    messages.push({ topic: received, payload: payload.toString() }),
  );
  await client.subscribeAsync(topic, { qos: 1 });
  return { messages, close: () => client.endAsync(true) };
}
