import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Where a long answer writes its text. `ready` resolves once the client has taken enough of what
 * was written (false when it has gone): the producer awaits it between batches, so the answer
 * never piles up in memory however large it is and however slowly the client reads.
 */
export type TextSink = {
  write(text: string): void;
  ready(): Promise<boolean>;
};

/** Bytes per chunk handed to the socket: few system calls, little memory. */
const CHUNK_BYTES = 64 * 1024;
/** Chunks the socket may still hold when the producer goes on. */
const MAX_CHUNKS_IN_FLIGHT = 2;
/** Written chunks kept for reuse; more are allocated only while the socket holds many. */
const MAX_SPARE_CHUNKS = 4;

/**
 * Encodes text into a few reused 64 KiB buffers and writes them to the response; a buffer comes
 * back for reuse only when the socket's write callback says it is done with it. A stream of
 * strings instead leaves a copy of every chunk to the garbage collector: for a million-row export
 * that is hundreds of MB of garbage, part of which survives into V8's old generation and grows
 * the process until the next full collection.
 */
class ChunkedTextWriter implements TextSink {
  readonly #response: ServerResponse;
  readonly #spare: Buffer[] = [];
  #chunk: Buffer;
  #used = 0;
  #inFlight = 0;
  #closed = false;
  #wake: (() => void) | undefined;

  constructor(response: ServerResponse) {
    this.#response = response;
    this.#chunk = Buffer.allocUnsafeSlow(CHUNK_BYTES);
    response.once('close', () => {
      this.#closed = true;
      this.#wakeProducer();
    });
  }

  write(text: string): void {
    if (this.#closed) return;
    // A UTF-16 code unit is at most three UTF-8 bytes, so with that much room the text fits whole.
    if (text.length * 3 > CHUNK_BYTES - this.#used) {
      this.#flush();
      if (text.length * 3 > CHUNK_BYTES) {
        this.#send(Buffer.from(text), undefined);
        return;
      }
    }
    this.#used += this.#chunk.write(text, this.#used);
  }

  async ready(): Promise<boolean> {
    while (!this.#closed && this.#inFlight > MAX_CHUNKS_IN_FLIGHT) {
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
    return !this.#closed;
  }

  /** Sends what is left and ends the answer; resolves once the client has it or has gone. */
  async end(): Promise<void> {
    if (this.#closed) return;
    this.#flush();
    await new Promise<void>((resolve) => {
      this.#response.end(resolve);
      this.#response.once('close', resolve);
    });
  }

  #flush(): void {
    if (this.#used === 0) return;
    const full = this.#chunk;
    this.#send(full.subarray(0, this.#used), full);
    this.#chunk = this.#spare.pop() ?? Buffer.allocUnsafeSlow(CHUNK_BYTES);
    this.#used = 0;
  }

  /** `whole` is the reusable buffer the bytes lie in, returned once the socket is done with it. */
  #send(bytes: Buffer, whole: Buffer | undefined): void {
    this.#inFlight += 1;
    this.#response.write(bytes, () => {
      this.#inFlight -= 1;
      if (whole && this.#spare.length < MAX_SPARE_CHUNKS) this.#spare.push(whole);
      this.#wakeProducer();
    });
  }

  #wakeProducer(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }
}

/**
 * Answers 200 with a body of text that `produce` writes as it goes, for answers too large to hold
 * (the usage export). The reply is written by hand, so the headers set so far (the security
 * headers of the onRequest hooks) are sent along. A failure once the body has begun can no
 * longer become an error answer: it is logged and the connection cut, so the client sees an
 * incomplete download rather than a silently truncated file.
 */
export async function sendChunkedText(
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string>,
  produce: (sink: TextSink) => Promise<void>,
): Promise<void> {
  reply.hijack();
  const response = reply.raw;
  const sent: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) sent[name] = value;
  response.writeHead(200, { ...sent, ...headers });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  const writer = new ChunkedTextWriter(response);
  try {
    await produce(writer);
    await writer.end();
  } catch (error) {
    request.log.error({ err: error }, 'The answer failed after its body had begun');
    response.destroy();
  }
}
