import { apiClient } from './api-client.ts';

export type ServerSentEvent = { id?: string; event: string; data: string };

/**
 * Splits a text/event-stream into events. Fed chunk by chunk; keeps the unfinished tail.
 * Comment lines (keep-alives) and fields other than id, event and data are dropped.
 */
export function createEventStreamParser(onEvent: (event: ServerSentEvent) => void) {
  let buffer = '';
  let current: { id?: string; event?: string; data: string[] } = { data: [] };

  function dispatch() {
    if (current.data.length > 0) {
      onEvent({ id: current.id, event: current.event ?? 'message', data: current.data.join('\n') });
    }
    current = { data: [] };
  }

  return (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        dispatch();
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') current.data.push(value);
      else if (field === 'event') current.event = value;
      else if (field === 'id') current.id = value;
    }
  };
}

export type EventStreamHandlers = {
  onEvent(event: ServerSentEvent): void;
  /** Called with true once the stream is open and with false whenever it drops. */
  onConnectionChange(connected: boolean): void;
};

const RETRY_DELAYS_MS = [500, 1000, 2000, 5000];

/**
 * Reads a server-sent event stream with the app's bearer token (EventSource cannot send
 * one) and reconnects after a drop, waiting a little longer each time. Returns a closer.
 */
export function subscribeToEventStream(path: string, handlers: EventStreamHandlers): () => void {
  const controller = new AbortController();
  let attempt = 0;

  async function readOnce() {
    const response = await apiClient.openStream(path, controller.signal);
    attempt = 0;
    handlers.onConnectionChange(true);
    const parse = createEventStreamParser(handlers.onEvent);
    const decoder = new TextDecoder();
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      // stream: true keeps a character split across two chunks whole.
      parse(decoder.decode(value, { stream: true }));
    }
  }

  async function run() {
    while (!controller.signal.aborted) {
      try {
        await readOnce();
      } catch {
        // A refused or dropped stream is retried below; polling covers the gap meanwhile.
      }
      if (controller.signal.aborted) return;
      handlers.onConnectionChange(false);
      const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)];
      attempt += 1;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  void run();
  return () => controller.abort();
}
