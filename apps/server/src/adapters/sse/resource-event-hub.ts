import type { ServerResponse } from 'node:http';
import {
  type DomainEvent,
  DomainEventSchema,
  type LiveEvent,
  type SystemPermissions,
} from '@toolpass/contracts';
import type { EventConsumer } from '../../platform/events/event-fanout.ts';
import type { OutboxEnvelope } from '../../platform/events/outbox.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { project, type ViewKey, viewKeyOf } from './live-event-projection.ts';

const KEEP_ALIVE_MS = 15_000;
/** Streams one account may hold; a further one closes its oldest (tabs left open pile up). */
export const MAX_STREAMS_PER_ACCOUNT = 8;
/** Unsent bytes after which a stream is cut off: its reader is not reading, and memory must not grow. */
export const MAX_UNSENT_BYTES = 1024 * 1024;
/** How often open streams are checked against their sessions (sign-out, revocation, rights changed). */
const SESSION_CHECK_MS = 2_000;

/**
 * The resources an event concerns: the streams it is sent on. Events about several resources
 * (a group's, an introduction to a group) list them; the others name one.
 */
export function resourceIdsOf(event: {
  data: { resourceId?: number | null; resourceIds?: number[] };
}): number[] {
  const ids = new Set(event.data.resourceIds ?? []);
  if (typeof event.data.resourceId === 'number') ids.add(event.data.resourceId);
  return [...ids];
}

/** One server-sent event: the event type as the SSE event name, the envelope as data. */
export function sseFrame(event: LiveEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** Who opened a stream, with what token and rights: the stream lives as long as they hold. */
export type StreamOwner = {
  userId: number;
  /** The SHA-256 of the bearer token; never the token itself. */
  tokenHash: string;
  permissions: SystemPermissions;
};

type Stream = { response: ServerResponse; topic: Topic; owner: StreamOwner; keepAlive: NodeJS.Timeout };
/** A resource id, or every resource: the web app keeps one stream per tab for all of them. */
type Topic = number | 'all';

const permissionsKey = (permissions: SystemPermissions) =>
  `${permissions.canManageResources}/${permissions.canManageSystemConfiguration}/${permissions.canManageUsers}`;

/**
 * Open event streams, fed by the event fan-out (architecture §Events, decision 8). Each frame shows its
 * reader only what the HTTP API would (live-event-projection.ts). A stream ends with its token:
 * sessions are checked every two seconds, so a sign-out, a password change, a deleted account
 * or changed rights on any instance closes it. Streams are bounded per account and in unsent
 * bytes, so neither many tabs nor a reader that stopped reading can grow the server's memory.
 */
export function createResourceEventHub(deps: {
  logger: Logger;
  /** Which of these sessions still hold, and their user's permissions now. */
  liveSessions(
    tokenHashes: string[],
  ): Promise<Map<string, { userId: number; permissions: SystemPermissions }>>;
  keepAliveMs?: number;
  sessionCheckMs?: number;
}) {
  const streams = new Map<Topic, Set<Stream>>();
  /** Each account's streams, oldest first. */
  const byAccount = new Map<number, Stream[]>();
  let sessionCheck: NodeJS.Timeout | undefined;
  let checking = false;

  function remove(stream: Stream) {
    clearInterval(stream.keepAlive);
    const set = streams.get(stream.topic);
    if (set?.delete(stream) && set.size === 0) streams.delete(stream.topic);
    const own = byAccount.get(stream.owner.userId);
    if (own) {
      const index = own.indexOf(stream);
      if (index >= 0) own.splice(index, 1);
      if (own.length === 0) byAccount.delete(stream.owner.userId);
    }
    if (streams.size === 0 && sessionCheck) {
      clearInterval(sessionCheck);
      sessionCheck = undefined;
    }
  }

  /** Ends a stream; the client reconnects (and refetches) or, without a valid token, gets 401. */
  function end(stream: Stream) {
    remove(stream);
    stream.response.end();
  }

  /** Writes unless the reader has fallen too far behind; then the stream is cut off at once. */
  function send(stream: Stream, text: string) {
    if (stream.response.destroyed) {
      remove(stream);
      return;
    }
    stream.response.write(text);
    // writableLength counts what the response and its socket hold unsent.
    if (stream.response.writableLength > MAX_UNSENT_BYTES) {
      remove(stream);
      stream.response.destroy();
    }
  }

  async function checkSessions() {
    if (checking) return;
    checking = true;
    try {
      const open = [...streams.values()].flatMap((set) => [...set]);
      const live = await deps.liveSessions([...new Set(open.map((stream) => stream.owner.tokenHash))]);
      for (const stream of open) {
        const session = live.get(stream.owner.tokenHash);
        const holds =
          session !== undefined &&
          session.userId === stream.owner.userId &&
          permissionsKey(session.permissions) === permissionsKey(stream.owner.permissions);
        if (!holds) end(stream);
      }
    } catch (error) {
      deps.logger.warn({ err: error }, 'Checking the sessions of event streams failed');
    } finally {
      checking = false;
    }
  }

  function deliver(event: DomainEvent) {
    const frames = new Map<ViewKey, string>();
    const frameFor = (stream: Stream) => {
      const key = viewKeyOf(event, {
        userId: stream.owner.userId,
        canManageResources: stream.owner.permissions.canManageResources,
      });
      let frame = frames.get(key);
      if (frame === undefined) {
        frame = sseFrame(project(event, key));
        frames.set(key, frame);
      }
      return frame;
    };
    for (const resourceId of resourceIdsOf(event)) {
      for (const stream of [...(streams.get(resourceId) ?? [])]) {
        send(stream, frameFor(stream));
        // A deleted resource has nothing more to say: its streams end after the event.
        if (event.type === 'resource.deleted' && !stream.response.destroyed) end(stream);
      }
    }
    for (const stream of [...(streams.get('all') ?? [])]) send(stream, frameFor(stream));
  }

  const consumer: EventConsumer = {
    name: 'sse',
    handle(envelope: OutboxEnvelope) {
      // Checking an event costs more than most changes; with nobody listening it goes nowhere.
      if (streams.size === 0) return;
      const parsed = DomainEventSchema.safeParse(envelope);
      if (!parsed.success) {
        // An event of another version, or one that breaks its contract: logged and skipped.
        deps.logger.error(
          { eventId: envelope.id, issues: parsed.error.issues },
          'Event does not match its contract',
        );
        return;
      }
      deliver(parsed.data);
    },
  };

  return {
    consumer,

    /**
     * Sends the events of one resource, or of all resources, to this response until it closes.
     * A response whose client already left is not subscribed.
     */
    subscribe(topic: Topic, response: ServerResponse, owner: StreamOwner): void {
      if (response.destroyed || response.writableEnded) return;
      const stream: Stream = {
        response,
        topic,
        owner,
        // A comment line keeps proxies and load balancers from closing an idle stream.
        keepAlive: setInterval(() => send(stream, ': keep-alive\n\n'), deps.keepAliveMs ?? KEEP_ALIVE_MS),
      };
      response.once('close', () => remove(stream));
      const set = streams.get(topic) ?? new Set<Stream>();
      set.add(stream);
      streams.set(topic, set);
      const own = byAccount.get(owner.userId) ?? [];
      own.push(stream);
      byAccount.set(owner.userId, own);
      while (own.length > MAX_STREAMS_PER_ACCOUNT) {
        const oldest = own[0];
        if (oldest) end(oldest);
      }
      if (!sessionCheck) {
        sessionCheck = setInterval(() => void checkSessions(), deps.sessionCheckMs ?? SESSION_CHECK_MS);
        sessionCheck.unref();
      }
    },

    /** Checks every open stream against its session now (the timer does this every two seconds). */
    checkSessions,

    subscriberCount(topic: Topic): number {
      return streams.get(topic)?.size ?? 0;
    },

    /** Open streams on every topic. */
    streamCount(): number {
      let count = 0;
      for (const set of streams.values()) count += set.size;
      return count;
    },

    /** Ends every stream, so the server can close (an open stream never becomes idle). */
    closeAll(): void {
      for (const set of [...streams.values()]) for (const stream of [...set]) end(stream);
    },
  };
}

export type ResourceEventHub = ReturnType<typeof createResourceEventHub>;
