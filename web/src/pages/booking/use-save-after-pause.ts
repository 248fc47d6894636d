import { useCallback, useEffect, useRef } from 'react';

/** How long typing must pause before a number field saves (part 1 §4: each change is saved at once). */
export const SAVE_PAUSE_MS = 600;

/**
 * Saves a field once typing in it pauses, or at once (leaving the field, Enter), so a number typed digit by
 * digit is sent once, not once per keystroke. A save still waiting when the screen closes is made then.
 */
export function useSaveAfterPause<Name extends string>(save: (name: Name) => void) {
  const timers = useRef(new Map<Name, ReturnType<typeof setTimeout>>());
  const latestSave = useRef(save);
  useEffect(() => {
    latestSave.current = save;
  });

  const saveNow = useCallback((name: Name) => {
    clearTimeout(timers.current.get(name));
    timers.current.delete(name);
    latestSave.current(name);
  }, []);

  const saveAfterPause = useCallback(
    (name: Name) => {
      clearTimeout(timers.current.get(name));
      timers.current.set(
        name,
        setTimeout(() => saveNow(name), SAVE_PAUSE_MS),
      );
    },
    [saveNow],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const name of [...pending.keys()]) saveNow(name);
    };
  }, [saveNow]);

  return { saveNow, saveAfterPause };
}
