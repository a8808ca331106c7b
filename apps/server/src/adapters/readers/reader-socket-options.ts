import type { WebsocketPluginOptions } from '@fastify/websocket';
import type { WebSocket } from 'ws';

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
export const readerWebSocketOptions: WebsocketPluginOptions = {
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
