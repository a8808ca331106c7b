import ReactMarkdown from 'react-markdown';

/**
 * Renders user-written markdown. Raw HTML is skipped; react-markdown's default URL transform keeps
 * only links without a protocol or with http, https, irc, ircs, mailto or xmpp (spec 01 §1).
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="markdown flex flex-col gap-2">
      <ReactMarkdown skipHtml>{children}</ReactMarkdown>
    </div>
  );
}
