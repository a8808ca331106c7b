import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../platform/logging/logger.ts';
import { createResourceEventHub } from './resource-event-hub.ts';

function fakeResponse() {
  const written: string[] = [];
  let ended = false;
  const response = {
    write: (chunk: string) => written.push(chunk) > 0,
    end: () => {
      ended = true;
    },
  } as unknown as ServerResponse;
  return { response, written, ended: () => ended };
}

const session = {
  id: 1,
  resourceId: 5,
  userId: 2,
  user: { id: 2, username: 'ada' },
  startTime: '2026-01-01T10:00:00.000Z',
  endTime: null,
  usageInMinutes: -1,
  startNotes: null,
  endNotes: null,
};

describe('resource event hub', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends an event to the streams of its resource only, as an SSE frame', async () => {
    const hub = createResourceEventHub({ logger: createLogger('silent') });
    const five = fakeResponse();
    const six = fakeResponse();
    hub.subscribe(5, five.response);
    hub.subscribe(6, six.response);
    const event = {
      id: 9,
      type: 'usage.started',
      occurredAt: '2026-01-01T10:00:00.000Z',
      data: { resourceId: 5, session },
    };
    await hub.consumer.handle(event);
    expect(five.written).toEqual([`id: 9\nevent: usage.started\ndata: ${JSON.stringify(event)}\n\n`]);
    expect(six.written).toEqual([]);
  });

  it('sends a group introduction to every resource of the group', async () => {
    const hub = createResourceEventHub({ logger: createLogger('silent') });
    const five = fakeResponse();
    const six = fakeResponse();
    hub.subscribe(5, five.response);
    hub.subscribe(6, six.response);
    await hub.consumer.handle({
      id: 10,
      type: 'introduction.granted',
      occurredAt: '2026-01-01T10:00:00.000Z',
      data: {
        resourceId: null,
        groupId: 3,
        resourceIds: [5, 6],
        receiverUser: { id: 2, username: 'ada' },
        entry: { id: 1, createdAt: '2026-01-01T10:00:00.000Z', action: 'grant', comment: null },
      },
    });
    expect(five.written).toHaveLength(1);
    expect(six.written).toHaveLength(1);
  });

  it('skips an event that does not match its contract instead of sending it', async () => {
    const hub = createResourceEventHub({ logger: createLogger('silent') });
    const five = fakeResponse();
    hub.subscribe(5, five.response);
    await hub.consumer.handle({
      id: 11,
      type: 'usage.started',
      occurredAt: '2026-01-01T10:00:00.000Z',
      data: { resourceId: 5, session: { ...session, user: undefined } },
    });
    expect(five.written).toEqual([]);
  });

  it('writes a keep-alive comment on schedule and stops after unsubscribing', () => {
    vi.useFakeTimers();
    const hub = createResourceEventHub({ logger: createLogger('silent'), keepAliveMs: 15_000 });
    const stream = fakeResponse();
    const unsubscribe = hub.subscribe(5, stream.response);
    vi.advanceTimersByTime(15_000);
    expect(stream.written).toEqual([': keep-alive\n\n']);
    unsubscribe();
    vi.advanceTimersByTime(60_000);
    expect(stream.written).toHaveLength(1);
    expect(hub.subscriberCount(5)).toBe(0);
  });

  it('ends every stream on closeAll', () => {
    const hub = createResourceEventHub({ logger: createLogger('silent') });
    const stream = fakeResponse();
    hub.subscribe(5, stream.response);
    hub.closeAll();
    expect(stream.ended()).toBe(true);
    expect(hub.subscriberCount(5)).toBe(0);
  });
});
