import { useCallback, useEffect, useRef, useState } from 'react';
import type { FlowDefinition } from '@common/chatbot-flow';
import type { ChatbotDetail } from '@common/chatbots';
import { isApiError } from '../../../lib/api';
import { saveDraft } from './api';

/** How long the builder waits after a change before saving: a burst of changes is one request. */
export const SAVE_DELAY_MS = 800;

export type SaveStatus = { kind: 'saved' } | { kind: 'saving' } | { kind: 'failed'; reason: string };

/**
 * Saves the draft a moment after each change, one request at a time: a change made while a save is under way is
 * saved when it returns. A failed save says why and keeps the draft in the page; the next change, or `flush`,
 * tries again. `flush` saves now and resolves once the draft as it is has been saved (Publish and Preview run
 * what the server has).
 */
export function useDraftAutosave(chatbotId: string, flow: FlowDefinition, onSaved: (chatbot: ChatbotDetail) => void) {
  // What the server has, and why the last save failed: the status follows from them and the flow.
  const [saved, setSaved] = useState(flow);
  const [failure, setFailure] = useState<string | null>(null);
  const state = useRef({
    latest: flow,
    saved: flow,
    running: null as Promise<boolean> | null,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
  });
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  }, [onSaved]);

  /** Saves until what the server has is the latest draft; false when a save failed. */
  const save = useCallback((): Promise<boolean> => {
    const current = state.current;
    const run = (): Promise<boolean> => {
      clearTimeout(current.timer);
      if (current.running) return current.running.then((ok) => (ok ? run() : false));
      if (current.latest === current.saved) return Promise.resolve(true);
      const sending = current.latest;
      current.running = saveDraft(chatbotId, sending).then(
        (chatbot) => {
          current.running = null;
          current.saved = sending;
          setSaved(sending);
          setFailure(null);
          onSavedRef.current(chatbot);
          return current.latest === sending ? true : run();
        },
        (error: unknown) => {
          current.running = null;
          setFailure(isApiError(error) && error.status < 500 ? error.error : 'the server could not save it');
          return false;
        },
      );
      return current.running;
    };
    return run();
  }, [chatbotId]);

  useEffect(() => {
    const current = state.current;
    current.latest = flow;
    if (flow === current.saved) return;
    current.timer = setTimeout(() => void save(), SAVE_DELAY_MS);
    return () => clearTimeout(current.timer);
  }, [flow, save]);

  // Leaving the builder (another tab of the bot's page) saves at once what the delay still held.
  useEffect(() => {
    const current = state.current;
    return () => {
      if (current.latest !== current.saved && !current.running)
        void saveDraft(chatbotId, current.latest).catch(() => {});
    };
  }, [chatbotId]);

  const isDirty = flow !== saved;
  // Closing the window with a change unsaved asks first.
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const status: SaveStatus = !isDirty
    ? { kind: 'saved' }
    : failure
      ? { kind: 'failed', reason: failure }
      : { kind: 'saving' };
  return { status, flush: save };
}
