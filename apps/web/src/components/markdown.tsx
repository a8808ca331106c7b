import type { ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

const PLUGINS = [remarkGfm];

/** A task list's box, read-only, named for screen readers (the item's text follows it). */
function TaskBox({ checked }: ComponentPropsWithoutRef<'input'>) {
  const { t } = useTranslation();
  return (
    <input
      type="checkbox"
      checked={Boolean(checked)}
      disabled
      readOnly
      aria-label={t(checked ? 'markdown.taskDone' : 'markdown.taskOpen')}
    />
  );
}

// Markdown's only inputs are task list boxes (raw HTML is skipped).
const COMPONENTS: Components = { input: ({ node: _node, ...props }) => <TaskBox {...props} /> };

/**
 * Renders user-written markdown, GitHub-flavoured (tables, task lists, strikethrough, autolinks).
 * Raw HTML is skipped; react-markdown's default URL transform keeps only links without a protocol
 * or with http, https, irc, ircs, mailto or xmpp (spec 01 §1).
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="markdown prose max-w-none break-words">
      <ReactMarkdown skipHtml remarkPlugins={PLUGINS} components={COMPONENTS}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
