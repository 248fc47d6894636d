import { useCallback, useEffect, useRef, useState } from 'react';

interface Loaded<T> {
  key: string;
  data?: T;
  error?: unknown;
}

export interface LoadState<T> {
  /** The latest data loaded, kept while the next key loads (so the page does not flash). */
  data: T | undefined;
  /** True while the current key has no answer yet. */
  isLoading: boolean;
  /** The current key's failure, if it failed. */
  error: unknown;
  reload: () => void;
}

/**
 * Loads what `key` names, again whenever the key changes or `reload` is called; a late answer for an older key
 * is dropped. A small stand-in for TanStack Query: the public booking and form pages load without the signed-in shell.
 */
export function useLoad<T>(key: string | null, load: () => Promise<T>): LoadState<T> {
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  });
  const [attempt, setAttempt] = useState(0);
  const [last, setLast] = useState<Loaded<T> | null>(null);
  const [latestData, setLatestData] = useState<T | undefined>(undefined);
  const current = key === null ? null : `${attempt}|${key}`;

  useEffect(() => {
    if (current === null) return;
    let live = true;
    loader.current().then(
      (data) => {
        if (!live) return;
        setLast({ key: current, data });
        setLatestData(data);
      },
      (error: unknown) => live && setLast({ key: current, error }),
    );
    return () => {
      live = false;
    };
  }, [current]);

  const answered = last !== null && last.key === current;
  return {
    data: latestData,
    isLoading: current !== null && !answered,
    error: answered ? last.error : undefined,
    reload: useCallback(() => setAttempt((n) => n + 1), []),
  };
}
