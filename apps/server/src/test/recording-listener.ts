import net from 'node:net';

/**
 * A bare TCP listener on 127.0.0.1 that records every connection and what it is sent first, answers
 * nothing and hangs up: the place a manager would point an integration at to catch what it sends.
 */
export async function startRecordingListener() {
  let connections = 0;
  const chunks: Buffer[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    // What the client sent first is all there is to see; hanging up then spares it its timeout.
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      socket.end();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    /** How many connections were made to it. */
    connections: () => connections,
    /** Everything it was sent, as latin1 text (binary packets stay searchable). */
    received: () => Buffer.concat(chunks).toString('latin1'),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type RecordingListener = Awaited<ReturnType<typeof startRecordingListener>>;
