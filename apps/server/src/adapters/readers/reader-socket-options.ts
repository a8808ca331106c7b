import websocket, { type WebsocketPluginOptions } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { nodeHttp } from '../../platform/net/node-http.ts';

/** Sockets whose client-caused error is logged already: one line per connection, however many. */
const logged = new WeakSet<WebSocket>();

/**
 * Errors a client causes on an open socket: the ws library's protocol errors (an oversized or
 * malformed frame, `WS_ERR_*`) and a connection dropped midway. Anyone can send them.
 */
function isCausedByClient(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    typeof code === 'string' && (code.startsWith('WS_ERR_') || code === 'ECONNRESET' || code === 'EPIPE')
  );
}

/**
 * The WebSocket plugin's options for the reader socket (issue 26). A bad frame from a client is
 * logged once per connection at warn, without a stack: at error level with a stack, anyone could
 * fill the log by sending oversized frames. Any other error is the server's, and keeps both.
 */
const readerWebSocketOptions: WebsocketPluginOptions = {
  // Reader frames are small JSON (the longest an APDU of a few hundred bytes, as hex).
  options: { maxPayload: 16 * 1024 },
  errorHandler(error, socket, request) {
    if (!isCausedByClient(error)) {
      request.log.error({ err: error }, 'A reader socket failed');
    } else if (!logged.has(socket)) {
      logged.add(socket);
      request.log.warn(
        { client: request.ip, code: (error as { code?: unknown }).code, reason: error.message },
        'A reader socket was closed for a bad frame',
      );
    }
    socket.terminate();
  },
};

/**
 * The WebSocket plugin, in the scope of the reader socket's routes alone. Registered for the whole
 * app, it added a request and a response hook to every request and wrapped every route's handler
 * to look for an upgrade: about 5 % of a cached read's time (issue 31). Its upgrades come through
 * a server that never listens and is handed only those for `path`; an upgrade asked of any other
 * path is answered 404 and closed here, as no other route speaks WebSocket.
 */
export async function registerReaderWebSocket(app: FastifyInstance, path: string): Promise<void> {
  const upgrades = nodeHttp().createServer();
  app.server.on('upgrade', (request, socket, head) => {
    if (request.url?.split('?')[0] === path) upgrades.emit('upgrade', request, socket, head);
    else socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  await app.register(websocket, {
    ...readerWebSocketOptions,
    options: { ...readerWebSocketOptions.options, server: upgrades },
  });
}
