import type { FlowDefinition } from '@common/chatbot-flow';

/* Undo and redo of the builder: every change keeps the flow it replaced. Typing in one field is one change, not
   one per key: changes with the same key within a moment of each other are merged. */

/** Flows kept to undo; an older change can no longer be undone. */
export const MAX_UNDO = 100;
/** Changes with the same key closer together than this are one step of undo. */
export const MERGE_WINDOW_MS = 1000;

export interface FlowHistory {
  past: FlowDefinition[];
  present: FlowDefinition;
  future: FlowDefinition[];
  /** The key of the last change and when it was made, to merge the next one into it. */
  last: { key: string; at: number } | null;
}

export const startHistory = (flow: FlowDefinition): FlowHistory => ({
  past: [],
  present: flow,
  future: [],
  last: null,
});

/**
 * The history after a change to `next`. A change that returns the same flow is none. `mergeKey` names what was
 * changed (a block's field): a change with the key of the one before, within MERGE_WINDOW_MS, replaces it.
 */
export function record(history: FlowHistory, next: FlowDefinition, mergeKey?: string, now = Date.now()): FlowHistory {
  if (next === history.present) return history;
  const last = mergeKey ? { key: mergeKey, at: now } : null;
  const merges = mergeKey !== undefined && history.last?.key === mergeKey && now - history.last.at < MERGE_WINDOW_MS;
  if (merges) return { ...history, present: next, future: [], last };
  return { past: [...history.past, history.present].slice(-MAX_UNDO), present: next, future: [], last };
}

export function undo(history: FlowHistory): FlowHistory {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    last: null,
  };
}

export function redo(history: FlowHistory): FlowHistory {
  const [next, ...future] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future, last: null };
}
