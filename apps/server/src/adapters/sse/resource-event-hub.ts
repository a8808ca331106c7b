import type { ServerResponse } from 'node:http';
import { type DomainEvent, DomainEventSchema } from '@toolpass/contracts';
import type { EventConsumer } from '../../platform/events/event-dispatcher.ts';
import type { OutboxEnvelope } from '../../platform/events/outbox.ts';
import type { Logger } from '../../platform/logging/logger.ts';

const KEEP_ALIVE_MS = 15_000;

/**
 * The resources an event concerns: the streams it is sent on. Events about several resources
 * (a group's, an introduction to a group) list them; the others name one.
 */
export function resourceIdsOf(event: DomainEvent): number[] {
  return 'resourceIds' in event.data ? event.data.resourceIds : [event.data.resourceId];
}

/** One server-sent event: the event type as the SSE event name, the envelope as data. */
export function sseFrame(event: DomainEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

type Stream = { response: ServerResponse; keepAlive: NodeJS.Timeout };
/** A resource id, or every resource: the web app keeps one stream per tab for all of them. */
type Topic = number | 'all';

/**
 * Open event streams per resource, fed by the event fan-out. Events are checked against
 * the contract before they go out, like every frame that leaves the server.
 */
export function createResourceEventHub(deps: { logger: Logger; keepAliveMs?: number }) {
  const streams = new Map<Topic, Set<Stream>>();

  function close(topic: Topic, stream: Stream) {
    clearInterval(stream.keepAlive);
    const set = streams.get(topic);
    set?.delete(stream);
    if (set?.size === 0) streams.delete(topic);
  }

  const consumer: EventConsumer = {
    name: 'sse',
    handle(envelope: OutboxEnvelope) {
      // Checking an event costs more than most changes; with nobody listening it goes nowhere.
      if (streams.size === 0) return;
      const parsed = DomainEventSchema.safeParse(envelope);
      if (!parsed.success) {
        // Retrying cannot make it valid; it is logged and skipped.
        deps.logger.error(
          { eventId: envelope.id, issues: parsed.error.issues },
          'Event does not match its contract',
        );
        return;
      }
      const event = parsed.data;
      const frame = sseFrame(event);
      for (const resourceId of resourceIdsOf(event)) {
        const set = streams.get(resourceId);
        if (!set) continue;
        for (const stream of [...set]) {
          stream.response.write(frame);
          // A deleted resource has nothing more to say: its streams end after the event.
          if (event.type === 'resource.deleted') {
            close(resourceId, stream);
            stream.response.end();
          }
        }
      }
      for (const stream of streams.get('all') ?? []) stream.response.write(frame);
    },
  };

  return {
    consumer,

    /**
     * Sends the events of one resource, or of all resources, to this response until it
     * closes; answers the clean-up.
     */
    subscribe(topic: Topic, response: ServerResponse): () => void {
      const stream: Stream = {
        response,
        // A comment line keeps proxies and load balancers from closing an idle stream.
        keepAlive: setInterval(() => response.write(': keep-alive\n\n'), deps.keepAliveMs ?? KEEP_ALIVE_MS),
      };
      const set = streams.get(topic) ?? new Set<Stream>();
      set.add(stream);
      streams.set(topic, set);
      return () => close(topic, stream);
    },

    subscriberCount(topic: Topic): number {
      return streams.get(topic)?.size ?? 0;
    },

    /** Ends every stream, so the server can close (an open stream never becomes idle). */
    closeAll(): void {
      for (const [topic, set] of streams) {
        for (const stream of [...set]) {
          close(topic, stream);
          stream.response.end();
        }
      }
    },
  };
}

export type ResourceEventHub = ReturnType<typeof createResourceEventHub>;
