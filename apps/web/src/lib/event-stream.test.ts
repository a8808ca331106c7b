import { describe, expect, it } from 'vitest';
import { createEventStreamParser, type ServerSentEvent } from './event-stream.ts';

function parseAll(chunks: string[]): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const parse = createEventStreamParser((event) => events.push(event));
  for (const chunk of chunks) parse(chunk);
  return events;
}

describe('createEventStreamParser', () => {
  it('reads id, event name and data, and skips keep-alive comments', () => {
    const events = parseAll([
      ': connected\n\n',
      'id: 7\nevent: usage.started\ndata: {"a":1}\n\n',
      ': keep-alive\n\n',
    ]);
    expect(events).toEqual([{ id: '7', event: 'usage.started', data: '{"a":1}' }]);
  });

  it('joins an event split across chunks and multi-line data', () => {
    const events = parseAll(['event: x\nda', 'ta: line 1\r\ndata: line 2\r', '\n\r\n']);
    expect(events).toEqual([{ id: undefined, event: 'x', data: 'line 1\nline 2' }]);
  });

  it('waits for the blank line before dispatching', () => {
    expect(parseAll(['data: unfinished\n'])).toEqual([]);
  });
});
