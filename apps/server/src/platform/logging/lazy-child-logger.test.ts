import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLoggerFactory } from './lazy-child-logger.ts';

function capture(level: string, options: { countChildren: boolean } = { countChildren: true }) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const parent = pino({ level }, stream);
  let children = 0;
  if (options.countChildren) {
    // An own property of the parent: pino's children inherit it, so only the first level counts.
    const child = parent.child.bind(parent);
    parent.child = ((...args: Parameters<typeof child>) => {
      children += 1;
      return child(...args);
    }) as typeof parent.child;
  }
  return { parent, lines, children: () => children };
}

describe('lazyChildLoggerFactory', () => {
  it('writes enabled levels with the bindings, making one child for all of them', () => {
    const { parent, lines, children } = capture('info');
    const logger = lazyChildLoggerFactory(parent, { reqId: 'r-1' }, {});
    logger.warn({ err: 'boom' }, 'first');
    logger.info('second');
    expect(lines.map((line) => [line.reqId, line.msg])).toEqual([
      ['r-1', 'first'],
      ['r-1', 'second'],
    ]);
    expect(children()).toBe(1);
  });

  it('makes no child for levels that are off', () => {
    const { parent, lines, children } = capture('warn');
    const logger = lazyChildLoggerFactory(parent, { reqId: 'r-2' }, {});
    logger.info('not written');
    logger.debug('not written either');
    expect(lines).toEqual([]);
    expect(children()).toBe(0);
    expect(logger.level).toBe('warn');
  });

  it('hands out real children of its own', () => {
    const { parent, lines } = capture('info', { countChildren: false });
    const logger = lazyChildLoggerFactory(parent, { reqId: 'r-3' }, {});
    logger.child({ part: 'socket' }).error('closed');
    expect(lines[0]).toMatchObject({ reqId: 'r-3', part: 'socket', msg: 'closed' });
  });
});
