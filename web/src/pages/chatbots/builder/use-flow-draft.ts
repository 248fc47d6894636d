import { useCallback, useState } from 'react';
import { type FlowDefinition, allBlocks } from '@common/chatbot-flow';
import { record, redo, startHistory, undo } from './flow-history';

/** What the side panel shows: a block, a connection, or the flow as a whole. */
export type Selection = { kind: 'block' | 'edge'; id: string } | null;

/**
 * A change to the draft: a function of the current flow (so changes made in one moment build on each other). The
 * merge key names what changed (a block's field) so typing in it is one step of undo.
 */
export type FlowEdit = (change: (flow: FlowDefinition) => FlowDefinition, mergeKey?: string) => void;

const exists = (flow: FlowDefinition, selection: NonNullable<Selection>) =>
  selection.kind === 'block'
    ? allBlocks(flow).some((block) => block.id === selection.id)
    : flow.edges.some((edge) => edge.id === selection.id);

/** The draft being built, with its undo history and what is selected. */
export function useFlowDraft(initial: FlowDefinition) {
  const [history, setHistory] = useState(() => startHistory(initial));
  const [selection, setSelection] = useState<Selection>(null);
  const edit = useCallback<FlowEdit>(
    (change, mergeKey) => setHistory((current) => record(current, change(current.present), mergeKey)),
    [],
  );
  const undoChange = useCallback(() => setHistory(undo), []);
  const redoChange = useCallback(() => setHistory(redo), []);
  const flow = history.present;
  return {
    flow,
    // A block or connection that an undo or a deletion took away is no longer selected.
    selection: selection && exists(flow, selection) ? selection : null,
    select: setSelection,
    edit,
    undo: undoChange,
    redo: redoChange,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
  };
}
