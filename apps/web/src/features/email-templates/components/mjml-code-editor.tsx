import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { xml } from '@codemirror/lang-xml';
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import { insertAtCursor } from '../code-insertion.ts';

/** What the page does with the editor besides typing: put a variable at the cursor. */
export type MjmlCodeEditorHandle = { insert: (text: string) => void; focus: () => void };

type MjmlCodeEditorProps = {
  value: string;
  onChange: (value: string) => void;
  /** The visible label's id: the editing area is announced by it. */
  labelId: string;
  /** The hint on how to leave the editor by keyboard. */
  describedById: string;
  autoFocus?: boolean;
  className?: string;
  ref?: Ref<MjmlCodeEditorHandle>;
};

// Token colours as CSS variables set by the wrapper, so light and dark theme each get colours
// that reach 4.5:1 on the editor's background.
const highlightStyle = HighlightStyle.define([
  { tag: [tags.tagName, tags.angleBracket], color: 'var(--code-tag)' },
  { tag: tags.attributeName, color: 'var(--code-attribute)' },
  { tag: [tags.attributeValue, tags.string], color: 'var(--code-string)' },
  { tag: [tags.comment, tags.meta, tags.processingInstruction], color: 'var(--code-comment)' },
  { tag: tags.invalid, color: 'var(--danger)' },
]);

const theme = EditorView.theme({
  '&': {
    height: '100%',
    backgroundColor: 'var(--field-background)',
    color: 'var(--field-foreground, var(--foreground))',
    fontSize: '0.875rem',
  },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    lineHeight: '1.5',
  },
  '.cm-content': { caretColor: 'var(--foreground)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--foreground)' },
  '.cm-gutters': {
    backgroundColor: 'transparent',
    color: 'var(--muted)',
    borderRight: '1px solid var(--border)',
  },
  '.cm-activeLine, .cm-activeLineGutter': {
    backgroundColor: 'color-mix(in oklab, var(--accent) 7%, transparent)',
  },
  '.cm-selectionBackground, &.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground': {
    backgroundColor: 'color-mix(in oklab, var(--accent) 28%, transparent)',
  },
  '.cm-matchingBracket': { outline: '1px solid var(--muted)', backgroundColor: 'transparent' },
});

/**
 * CodeMirror 6 with XML highlighting for an MJML body. Tab indents, as in other code editors;
 * Escape then Tab (or Ctrl-M, then Tab) leaves the editor, which its hint says (no keyboard trap,
 * WCAG 2.1.2). Controlled: `value` replaces the text when it differs from what was typed.
 */
export function MjmlCodeEditor({
  value,
  onChange,
  labelId,
  describedById,
  autoFocus = false,
  className,
  ref,
}: MjmlCodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // The view is made once; its first text is the value at mount, later values arrive below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: value and autoFocus are read at mount only.
  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          xml(),
          syntaxHighlighting(highlightStyle),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          EditorView.lineWrapping,
          theme,
          EditorView.contentAttributes.of({
            // Editable text is focusable anyway; said out loud so checkers see that the scrolling
            // area around it can be reached by keyboard.
            tabindex: '0',
            'aria-labelledby': labelId,
            'aria-describedby': describedById,
            spellcheck: 'false',
            autocapitalize: 'off',
            autocorrect: 'off',
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    if (autoFocus) editor.focus();
    return () => {
      editor.destroy();
      view.current = undefined;
    };
  }, [labelId, describedById]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current !== value) editor.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  useImperativeHandle(
    ref,
    () => ({
      insert: (text) => {
        const editor = view.current;
        if (!editor) return;
        editor.dispatch(insertAtCursor(editor.state, text));
        editor.focus();
      },
      focus: () => view.current?.focus(),
    }),
    [],
  );

  return (
    <div
      ref={host}
      data-testid="mjml-code-editor"
      className={`overflow-hidden rounded-xl border border-(--field-border) [--code-attribute:#0550ae] [--code-comment:#57606a] [--code-string:#0a3069] [--code-tag:#116329] focus-within:ring-2 focus-within:ring-(--focus) dark:[--code-attribute:#79c0ff] dark:[--code-comment:#9ea7b3] dark:[--code-string:#a5d6ff] dark:[--code-tag:#7ee787] ${className ?? ''}`}
    />
  );
}
