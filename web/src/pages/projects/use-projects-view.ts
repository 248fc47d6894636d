import { useCallback, useState } from 'react';

export type ProjectsView = 'board' | 'grid';

/** Per user: two people sharing a browser each keep their own choice. */
const storageKey = (userId: string) => `pipewise:projects-view:${userId}`;

function readView(userId: string): ProjectsView {
  try {
    return localStorage.getItem(storageKey(userId)) === 'grid' ? 'grid' : 'board';
  } catch {
    // Storage can be blocked (private modes, policies): the default view still works.
    return 'board';
  }
}

/** Board or grid, board by default, remembered in this browser for the signed-in user. */
export function useProjectsView(userId: string) {
  const [state, setState] = useState(() => ({ userId, view: readView(userId) }));
  // Another user signed in without the page unmounting: their own choice, read during render.
  const view = state.userId === userId ? state.view : readView(userId);
  const setView = useCallback(
    (next: ProjectsView) => {
      setState({ userId, view: next });
      try {
        localStorage.setItem(storageKey(userId), next);
      } catch {
        // Not remembered, but switched for this visit.
      }
    },
    [userId],
  );
  return [view, setView] as const;
}
