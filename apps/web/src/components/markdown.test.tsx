import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';

describe('Markdown', () => {
  it('renders markdown as HTML', () => {
    render(<Markdown>{'# Title\n\nSome **bold** text'}</Markdown>);
    expect(screen.getByRole('heading', { name: 'Title' })).toBeTruthy();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
  });

  it('renders GitHub-flavoured tables, task lists and strikethrough', () => {
    const { container } = render(
      <Markdown>
        {'| Tool | Bits |\n| --- | --- |\n| Router | 6 mm |\n\n- [x] goggles\n- [ ] gloves\n\n~~old~~'}
      </Markdown>,
    );
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Tool' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '6 mm' })).toBeTruthy();
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, false]);
    expect(container.querySelector('del')?.textContent).toBe('old');
  });

  it('skips raw HTML', () => {
    const { container } = render(<Markdown>{'before <script>alert(1)</script><b>raw</b> after'}</Markdown>);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });

  it.each([
    ['relative', '/resources/1', '/resources/1'],
    ['https', 'https://example.org/a', 'https://example.org/a'],
    ['mailto', 'mailto:a@example.org', 'mailto:a@example.org'],
    ['xmpp', 'xmpp:a@example.org', 'xmpp:a@example.org'],
    ['ircs', 'ircs://irc.example.org/x', 'ircs://irc.example.org/x'],
    ['javascript', 'javascript:alert(1)', ''],
    ['data', 'data:text/html,x', ''],
  ])('keeps only allowed link protocols (%s)', (_name, href, expected) => {
    render(<Markdown>{`[link](${href})`}</Markdown>);
    expect(screen.getByText('link').getAttribute('href')).toBe(expected);
  });
});
