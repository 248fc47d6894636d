import { useState } from 'react';

export type TasksView = 'board' | 'list';

function readView(key: string): TasksView {
  try {
    return localStorage.getItem(key) === 'list' ? 'list' : 'board';
  } catch {
    return 'board';
  }
}

/** Board or list, remembered per user on this browser. */
export function useTasksView(userId: string | undefined): [TasksView, (view: TasksView) => void] {
  const key = `pipewise:tasks-view:${userId ?? 'anonymous'}`;
  const [view, setView] = useState<TasksView>(() => readView(key));
  // Another user signed in on this browser: their own choice.
  const [seenKey, setSeenKey] = useState(key);
  if (key !== seenKey) {
    setSeenKey(key);
    setView(readView(key));
  }
  const choose = (next: TasksView) => {
    setView(next);
    try {
      localStorage.setItem(key, next);
    } catch {
      // Private mode or a full store: the choice lasts for this visit only.
    }
  };
  return [view, choose];
}
