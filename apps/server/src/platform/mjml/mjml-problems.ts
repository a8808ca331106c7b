// Types only: this module runs in the render worker, which loads no more than it needs.
import type { MjmlProblem } from '@toolpass/contracts';

/**
 * The tags whose content MJML keeps as text or HTML; any other tag drops text put straight into
 * it without a word (mjml-core's `endingTag` components, mjml 5).
 */
const TEXT_TAGS = new Set([
  'mj-accordion-text',
  'mj-accordion-title',
  'mj-breakpoint',
  'mj-button',
  'mj-carousel-image',
  'mj-navbar-link',
  'mj-preview',
  'mj-raw',
  'mj-social-element',
  'mj-style',
  'mj-table',
  'mj-text',
  'mj-title',
]);

/** MJML's messages can list thousands of attribute names; a problem is read, not scrolled. */
const MAX_MESSAGE_LENGTH = 300;
const MAX_LISTED_NAMES = 10;

const shorten = (text: string) =>
  text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : text;

function namesList(list: string): string {
  const names = list.split(/,\s*/);
  return names.length > MAX_LISTED_NAMES
    ? `${names.slice(0, MAX_LISTED_NAMES).join(', ')}, … (${names.length})`
    : names.join(', ');
}

/** One error of MJML's validator, by kind, from the wording of mjml-validator 5's rules. */
export function describeMjmlError(error: { line: number; tagName: string; message: string }): MjmlProblem {
  const base = { line: error.line, tagName: error.tagName, message: shorten(error.message) };
  const misplaced = /^(\S+) cannot be used inside (\S+), only inside: (.*)$/.exec(error.message);
  if (misplaced) {
    const [, tag = '', parent = '', allowed = ''] = misplaced;
    return { ...base, code: 'misplacedTag', params: { tag, parent, allowed: namesList(allowed) } };
  }
  const unknown = /^Element (\S+) doesn't exist or is not registered$/.exec(error.message);
  if (unknown) return { ...base, code: 'unknownTag', params: { tag: unknown[1] ?? '' } };
  const illegal = /^Attributes? (.+) (?:is|are) illegal$/.exec(error.message);
  if (illegal) {
    const attributes = namesList(illegal[1] ?? '');
    return { ...base, code: 'illegalAttributes', params: { attributes } };
  }
  return { ...base, code: 'other' };
}

// Comments and CDATA are skipped whole; a tag's attributes may hold `>` inside quotes.
const MARKUP =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<(\/?)(mjml|mj-[\w-]+)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;

/**
 * Tags opened and never closed, and closing tags that close nothing. MJML's parser closes them
 * silently wherever it can (the rest of the mail may end up inside an unclosed tag), so its
 * validator never sees them.
 */
export function tagBalanceProblems(mjml: string): MjmlProblem[] {
  const problems: MjmlProblem[] = [];
  const open: { tagName: string; line: number }[] = [];
  let line = 1;
  let counted = 0;
  for (const match of mjml.matchAll(MARKUP)) {
    const [whole, slash, rawName, attributes = ''] = match;
    if (!rawName) continue;
    for (let index = counted; index < match.index; index += 1) if (mjml[index] === '\n') line += 1;
    counted = match.index;
    const tagName = rawName.toLowerCase();
    if (slash) {
      const at = open.findLastIndex((tag) => tag.tagName === tagName);
      if (at < 0) {
        problems.push({
          line,
          tagName,
          code: 'unexpectedClosingTag',
          params: { tag: tagName },
          message: `</${tagName}> closes no open tag`,
        });
        continue;
      }
      for (const unclosed of open.splice(at).slice(1)) problems.push(unclosedTag(unclosed));
    } else if (!attributes.trimEnd().endsWith('/') && !whole.endsWith('/>')) {
      open.push({ tagName, line });
    }
  }
  for (const unclosed of open) problems.push(unclosedTag(unclosed));
  return problems;
}

function unclosedTag(tag: { tagName: string; line: number }): MjmlProblem {
  return {
    line: tag.line,
    tagName: tag.tagName,
    code: 'unclosedTag',
    params: { tag: tag.tagName },
    message: `<${tag.tagName}> is not closed`,
  };
}

type ParsedNode = { tagName: string; line?: number; content?: string; children?: ParsedNode[] };

/** Text put straight into a tag that does not show text, like a section: MJML drops it. */
export function strayTextProblems(root: ParsedNode): MjmlProblem[] {
  const problems: MjmlProblem[] = [];
  const visit = (node: ParsedNode) => {
    if (node.content?.trim() && !TEXT_TAGS.has(node.tagName)) {
      problems.push({
        line: node.line ?? 0,
        tagName: node.tagName,
        code: 'strayText',
        params: { tag: node.tagName },
        message: `Text straight inside <${node.tagName}> is not shown; put it in an <mj-text>`,
      });
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(root);
  return problems;
}

/** Every problem, by line, the first `max` only. */
export function listProblems(problems: MjmlProblem[], max: number): MjmlProblem[] {
  return problems
    .map((problem, order) => ({ problem, order }))
    .sort((a, b) => a.problem.line - b.problem.line || a.order - b.order)
    .slice(0, max)
    .map(({ problem }) => problem);
}
