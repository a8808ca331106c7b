/**
 * A server-sent event stream a test writes to: `response` is what the stubbed fetch answers the
 * app's stream with, `send` writes one event to it.
 */
export function eventStreamStub() {
  const encoder = new TextEncoder();
  let write: (text: string) => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      write = (text) => controller.enqueue(encoder.encode(text));
    },
  });
  return {
    response: () => new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (event: unknown) => write(`data: ${JSON.stringify(event)}\n\n`),
  };
}
