import type { EditorState, TransactionSpec } from '@codemirror/state';

/**
 * Puts `text` where the cursor is (replacing a selection), the cursor after it: what a variable
 * button does, as if the text had been typed there.
 */
export function insertAtCursor(state: EditorState, text: string): TransactionSpec {
  return { ...state.replaceSelection(text), scrollIntoView: true, userEvent: 'input' };
}
