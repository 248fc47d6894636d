import { describe, expect, it } from 'vitest';
import type { FlowDefinition } from '@common/chatbot-flow';
import { answerThenCaptureTemplate } from '@common/chatbot-templates';
import { setStart, updateBlock } from './flow-edits';
import { MAX_UNDO, MERGE_WINDOW_MS, record, redo, startHistory, undo } from './flow-history';

const renamed = (flow: FlowDefinition, name: string) => updateBlock(flow, 'greeting', (block) => ({ ...block, name }));

describe('undo and redo of the builder', () => {
  it('undoes and redoes each change in turn; a new change drops what could be redone', () => {
    const first = answerThenCaptureTemplate();
    const second = setStart(first, 'answer');
    const third = renamed(second, 'Hello');
    let history = record(record(startHistory(first), second, undefined, 0), third, undefined, 10);
    history = undo(history);
    expect(history.present).toBe(second);
    history = undo(history);
    expect(history.present).toBe(first);
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(history.present).toBe(second);
    const other = renamed(second, 'Hi');
    history = record(history, other, undefined, 20);
    expect(history.future).toEqual([]);
    expect(redo(history)).toBe(history);
    expect(undo(history).present).toBe(second);
  });

  it('makes typing in one field one step, but not two fields, nor a pause', () => {
    const start = answerThenCaptureTemplate();
    let history = startHistory(start);
    history = record(history, renamed(start, 'H'), 'greeting:name', 0);
    history = record(history, renamed(start, 'He'), 'greeting:name', 300);
    history = record(history, renamed(start, 'Hey'), 'greeting:name', 600);
    expect(history.past).toEqual([start]);
    expect(undo(history).present).toBe(start);

    const typedAgain = record(history, renamed(start, 'Hey!'), 'greeting:name', 600 + MERGE_WINDOW_MS);
    expect(typedAgain.past).toHaveLength(2);
    const otherField = record(history, setStart(history.present, 'answer'), 'start', 700);
    expect(otherField.past).toHaveLength(2);
    const afterUndo = record(undo(history), renamed(start, 'Yo'), 'greeting:name', 800);
    expect(afterUndo.past).toEqual([start]);
  });

  it('ignores a change that returns the same flow, and keeps at most MAX_UNDO steps', () => {
    const start = answerThenCaptureTemplate();
    let history = startHistory(start);
    expect(record(history, start)).toBe(history);
    for (let index = 0; index < MAX_UNDO + 5; index += 1)
      history = record(history, renamed(history.present, `Name ${index}`), undefined, index);
    expect(history.past).toHaveLength(MAX_UNDO);
  });
});
