import { afterAll, describe, expect, it } from 'vitest';
import {
  createMjmlRenderer,
  MjmlParseError,
  MjmlRendererBusyError,
  MjmlTooSlowError,
} from './mjml-renderer.ts';

const mail = (body: string) => `<mjml><mj-body>${body}</mj-body></mjml>`;
const column = (content: string) => mail(`<mj-section><mj-column>${content}</mj-column></mj-section>`);

/** MJML's cost grows with the square of one tag's attributes: this one takes seconds. */
function slowMjml(attributes: number): string {
  const names = Array.from({ length: attributes }, (_, index) => `data-a${index}="${index}"`).join(' ');
  return column(`<mj-text ${names}>Slow</mj-text>`);
}

/** The longest pause of the event loop while `work` runs, sampled every 10 ms. */
async function longestPause(work: Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  await work.catch(() => undefined);
  clearInterval(timer);
  return longest;
}

describe('the MJML render workers', () => {
  const renderer = createMjmlRenderer();
  afterAll(() => renderer.close());

  it('renders HTML and its text part, with no problems for sound MJML', async () => {
    const rendered = await renderer.render(
      column('<mj-text>Hello <a href="https://x.test/">there</a></mj-text>'),
      {
        withText: true,
      },
    );
    expect(rendered.html).toContain('<!doctype html>');
    expect(rendered.text).toBe('Hello there: https://x.test/');
    expect(rendered.problems).toEqual([]);
  });

  it('lists where MJML breaks its rules, by line and kind', async () => {
    const { problems } = await renderer.render(
      [
        '<mjml><mj-body>',
        '<mj-section><mj-text>Straight in a section</mj-text></mj-section>',
        '<mj-section>Bare words<mj-column><mj-texte>Typo</mj-texte></mj-column></mj-section>',
        '<mj-section><mj-column><mj-image src="https://x.test/a.png" colour="red"></mj-column></mj-section>',
        '</mj-column>',
        '</mj-body></mjml>',
      ].join('\n'),
    );
    expect(problems).toEqual([
      expect.objectContaining({
        line: 2,
        tagName: 'mj-text',
        code: 'misplacedTag',
        params: { tag: 'mj-text', parent: 'mj-section', allowed: 'mj-attributes, mj-column, mj-hero' },
      }),
      expect.objectContaining({ line: 3, code: 'unknownTag', params: { tag: 'mj-texte' } }),
      // Not also "text not shown" for the unknown tag: its name is what needs fixing.
      expect.objectContaining({ line: 3, tagName: 'mj-section', code: 'strayText' }),
      expect.objectContaining({ line: 4, tagName: 'mj-image', code: 'unclosedTag' }),
      expect.objectContaining({ line: 4, code: 'illegalAttributes', params: { attributes: 'colour' } }),
      expect.objectContaining({ line: 5, tagName: 'mj-column', code: 'unexpectedClosingTag' }),
    ]);
    for (const problem of problems) expect(problem.message.length).toBeGreaterThan(10);
  });

  it('finds unclosed tags that MJML closes silently, and leaves comments and self-closed tags alone', async () => {
    const { problems } = await renderer.render(
      '<mjml><mj-body><!-- <mj-section> --><mj-section><mj-column><mj-spacer height="8px" /><mj-text>Hi</mj-column></mj-section></mj-body>',
    );
    expect(problems.map((problem) => [problem.code, problem.tagName])).toEqual([
      ['unclosedTag', 'mj-text'],
      ['unclosedTag', 'mjml'],
    ]);
  });

  it('keeps a long list of MJML short', async () => {
    const { problems } = await renderer.render(slowMjml(400).replace('data-a', 'x'));
    const illegal = problems.find((problem) => problem.code === 'illegalAttributes');
    expect(illegal?.message.length).toBeLessThanOrEqual(300);
    expect(illegal?.params?.attributes).toMatch(/…/);
  });

  it('refuses MJML that does not parse', async () => {
    await expect(renderer.render('plain words')).rejects.toBeInstanceOf(MjmlParseError);
  });
});

describe('the time limit', () => {
  it('stops a render past its limit without holding up the event loop, and renders again after', async () => {
    const renderer = createMjmlRenderer({ workers: 1, timeLimitMs: 300 });
    try {
      await renderer.render(column('<mj-text>warm up</mj-text>'));
      const started = performance.now();
      const slow = renderer.render(slowMjml(6_000));
      const pause = await longestPause(slow);
      await expect(slow).rejects.toBeInstanceOf(MjmlTooSlowError);
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(pause).toBeLessThan(100);
      const next = await renderer.render(column('<mj-text>after</mj-text>'));
      expect(next.html).toContain('after');
    } finally {
      await renderer.close();
    }
  });

  it('refuses renders beyond the waiting line, except those that may wait', async () => {
    const renderer = createMjmlRenderer({ workers: 1, maxWaiting: 1, timeLimitMs: 500 });
    try {
      // Until the worker is up, the first render waits in line too.
      await renderer.render(column('<mj-text>warm up</mj-text>'));
      const running = renderer.render(slowMjml(6_000));
      const waiting = renderer.render(column('<mj-text>second</mj-text>'));
      await expect(renderer.render(column('<mj-text>third</mj-text>'))).rejects.toBeInstanceOf(
        MjmlRendererBusyError,
      );
      const patient = renderer.render(column('<mj-text>mail</mj-text>'), { mayWait: true });
      await expect(running).rejects.toBeInstanceOf(MjmlTooSlowError);
      expect((await waiting).html).toContain('second');
      expect((await patient).html).toContain('mail');
    } finally {
      await renderer.close();
    }
  });

  it('fails the renders still waiting when closed', async () => {
    const renderer = createMjmlRenderer({ workers: 1 });
    const first = expect(renderer.render(column('<mj-text>one</mj-text>'))).rejects.toThrow('closed');
    const second = expect(renderer.render(column('<mj-text>two</mj-text>'))).rejects.toThrow('closed');
    await renderer.close();
    await first;
    await second;
  });
});
