import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { SystemPermissions } from '@toolpass/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../platform/logging/logger.ts';
import { createResourceEventHub, MAX_UNSENT_BYTES, type StreamOwner } from './resource-event-hub.ts';

/** A response that records what is written and can pretend its reader stopped reading. */
class FakeResponse extends EventEmitter {
  written: string[] = [];
  ended = false;
  destroyed = false;
  unsent = 0;
  reading = true;

  write(chunk: string) {
    this.written.push(chunk);
    if (!this.reading) this.unsent += Buffer.byteLength(chunk);
    return this.reading;
  }
  end() {
    this.ended = true;
    this.emit('close');
  }
  destroy() {
    this.destroyed = true;
    this.emit('close');
  }
  get writableEnded() {
    return this.ended;
  }
  get writableLength() {
    return this.unsent;
  }
}

function fakeResponse() {
  const state = new FakeResponse();
  return { response: state as unknown as ServerResponse, state };
}

const MEMBER: SystemPermissions = {
  canManageResources: false,
  canManageSystemConfiguration: false,
  canManageUsers: false,
};
const MANAGER: SystemPermissions = { ...MEMBER, canManageResources: true };
const owner = (userId: number, permissions = MEMBER, tokenHash = `hash-${userId}`): StreamOwner => ({
  userId,
  tokenHash,
  permissions,
});

function hubWith(sessions: Map<string, { userId: number; permissions: SystemPermissions }> = new Map()) {
  return createResourceEventHub({ logger: createLogger('silent'), liveSessions: async () => sessions });
}

const started = {
  id: 9,
  type: 'usage.started',
  v: 1,
  occurredAt: '2026-01-01T10:00:00.000Z',
  data: {
    resourceId: 5,
    resourceName: 'Laser cutter',
    sessionId: 1,
    user: { id: 2, username: 'ada', externalIdentifier: 'ada@idp' },
    startTime: '2026-01-01T10:00:00.000Z',
    notes: 'cutting plywood',
  },
};
const frameOf = (event: object) => {
  const { type, id } = event as { type: string; id: number };
  return `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(event)}\n\n`;
};

describe('resource event hub', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends an event to the streams of its resource only, as an SSE frame', async () => {
    const hub = hubWith();
    const five = fakeResponse();
    const six = fakeResponse();
    hub.subscribe(5, five.response, owner(1, MANAGER));
    hub.subscribe(6, six.response, owner(1, MANAGER));
    await hub.consumer.handle(started);
    expect(five.state.written).toEqual([frameOf(started)]);
    expect(six.state.written).toEqual([]);
  });

  it("shows a session's notes and external identifier to its user and managers only", async () => {
    const hub = hubWith();
    const [own, manager, other] = [fakeResponse(), fakeResponse(), fakeResponse()];
    hub.subscribe(5, own.response, owner(2));
    hub.subscribe('all', manager.response, owner(3, MANAGER));
    hub.subscribe(5, other.response, owner(4));
    await hub.consumer.handle(started);
    expect(own.state.written).toEqual([frameOf(started)]);
    expect(manager.state.written).toEqual([frameOf(started)]);
    const { notes: _notes, ...publicData } = started.data;
    expect(other.state.written).toEqual([
      frameOf({ ...started, data: { ...publicData, user: { id: 2, username: 'ada' } } }),
    ]);
  });

  it("keeps an introduction's receiver and comment from other members, for every resource of a group", async () => {
    const hub = hubWith();
    const [receiver, five, six] = [fakeResponse(), fakeResponse(), fakeResponse()];
    hub.subscribe(5, receiver.response, owner(2));
    hub.subscribe(5, five.response, owner(7));
    hub.subscribe(6, six.response, owner(8));
    const granted = {
      id: 10,
      type: 'introduction.granted',
      v: 1,
      occurredAt: '2026-01-01T10:00:00.000Z',
      data: {
        resourceId: null,
        groupId: 3,
        resourceIds: [5, 6],
        receiverUser: { id: 2, username: 'ada' },
        entryId: 1,
        comment: 'knows the emergency stop',
      },
    };
    await hub.consumer.handle(granted);
    expect(receiver.state.written).toEqual([frameOf(granted)]);
    const ids = { resourceId: null, groupId: 3, resourceIds: [5, 6], entryId: 1 };
    expect(five.state.written).toEqual([frameOf({ ...granted, data: ids })]);
    expect(six.state.written).toEqual([frameOf({ ...granted, data: ids })]);
  });

  it('skips an event that does not match its contract instead of sending it', async () => {
    const hub = hubWith();
    const five = fakeResponse();
    hub.subscribe(5, five.response, owner(1, MANAGER));
    await hub.consumer.handle({ ...started, data: { ...started.data, user: undefined } });
    // A whole row of the payloads before version 1 is not sent either.
    await hub.consumer.handle({ ...started, v: 0 });
    expect(five.state.written).toEqual([]);
  });

  it('writes a keep-alive comment on schedule and stops once the client has left', () => {
    vi.useFakeTimers();
    const hub = createResourceEventHub({
      logger: createLogger('silent'),
      liveSessions: async () => new Map(),
      keepAliveMs: 15_000,
    });
    const stream = fakeResponse();
    hub.subscribe(5, stream.response, owner(1));
    vi.advanceTimersByTime(15_000);
    expect(stream.state.written).toEqual([': keep-alive\n\n']);
    stream.response.emit('close');
    vi.advanceTimersByTime(60_000);
    expect(stream.state.written).toHaveLength(1);
    expect(hub.subscriberCount(5)).toBe(0);
  });

  it('does not subscribe a response whose client has already left', () => {
    const hub = hubWith();
    const gone = fakeResponse();
    gone.response.destroy();
    hub.subscribe('all', gone.response, owner(1));
    expect(hub.streamCount()).toBe(0);
  });

  it('closes the oldest stream of an account when it opens a ninth', () => {
    const hub = hubWith();
    const responses = Array.from({ length: 9 }, () => fakeResponse());
    for (const stream of responses) hub.subscribe('all', stream.response, owner(1));
    expect(responses.map((stream) => stream.state.ended)).toEqual([true, ...Array(8).fill(false)]);
    expect(hub.streamCount()).toBe(8);
    // Another account's streams are its own.
    hub.subscribe('all', fakeResponse().response, owner(2));
    expect(hub.streamCount()).toBe(9);
  });

  it('cuts off a stream whose reader has let more than 1 MiB pile up', async () => {
    const hub = hubWith();
    const slow = fakeResponse();
    slow.state.reading = false;
    hub.subscribe('all', slow.response, owner(1, MANAGER));
    const big = { ...started, data: { ...started.data, notes: 'x'.repeat(1_900) } };
    const frames = Math.ceil(MAX_UNSENT_BYTES / 2_000) + 1;
    for (let index = 0; index < frames; index += 1) await hub.consumer.handle({ ...big, id: index + 1 });
    expect(slow.state.destroyed).toBe(true);
    expect(slow.state.unsent).toBeLessThan(MAX_UNSENT_BYTES + 4_000);
    expect(hub.streamCount()).toBe(0);
  });

  it('ends the streams whose session is gone or whose rights changed, and keeps the others', async () => {
    const sessions = new Map([
      ['hash-1', { userId: 1, permissions: MEMBER }],
      ['hash-3', { userId: 3, permissions: MANAGER }],
    ]);
    const hub = hubWith(sessions);
    const [kept, signedOut, demoted] = [fakeResponse(), fakeResponse(), fakeResponse()];
    hub.subscribe('all', kept.response, owner(1));
    hub.subscribe('all', signedOut.response, owner(2));
    hub.subscribe('all', demoted.response, owner(3, MEMBER));
    await hub.checkSessions();
    expect([kept.state.ended, signedOut.state.ended, demoted.state.ended]).toEqual([false, true, true]);
    expect(hub.streamCount()).toBe(1);
    hub.closeAll();
  });

  it('ends every stream on closeAll', () => {
    const hub = hubWith();
    const stream = fakeResponse();
    hub.subscribe(5, stream.response, owner(1));
    hub.closeAll();
    expect(stream.state.ended).toBe(true);
    expect(hub.subscriberCount(5)).toBe(0);
  });
});
