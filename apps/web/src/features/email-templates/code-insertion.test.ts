import { EditorSelection, EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { insertAtCursor } from './code-insertion.ts';

function apply(state: EditorState, text: string) {
  return state.update(insertAtCursor(state, text)).state;
}

describe('inserting a variable into the editor', () => {
  it('puts the text at the cursor and moves the cursor after it', () => {
    const state = EditorState.create({ doc: '<mj-text>Hello </mj-text>', selection: { anchor: 15 } });
    const next = apply(state, '{{user.username}}');
    expect(next.doc.toString()).toBe('<mj-text>Hello {{user.username}}</mj-text>');
    expect(next.selection.main.head).toBe(15 + '{{user.username}}'.length);
    expect(next.selection.main.empty).toBe(true);
  });

  it('replaces the selected text', () => {
    const state = EditorState.create({ doc: 'Go to LINK now', selection: { anchor: 6, head: 10 } });
    expect(apply(state, '{{url}}').doc.toString()).toBe('Go to {{url}} now');
  });

  it('inserts at every cursor of a multiple selection', () => {
    const state = EditorState.create({
      doc: 'a b',
      selection: EditorSelection.create([EditorSelection.cursor(1), EditorSelection.cursor(3)]),
      extensions: EditorState.allowMultipleSelections.of(true),
    });
    expect(apply(state, '{{host}}').doc.toString()).toBe('a{{host}} b{{host}}');
  });
});
