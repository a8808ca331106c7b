// The ceiling: Node's own HTTP server answering a small JSON body, nothing else.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const body = JSON.stringify({ id: 1, username: 'bench', isEmailVerified: true });
const server = http.createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
