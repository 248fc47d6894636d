import type { NavigateFunction } from 'react-router';
import { queryClient } from '../../lib/query-client';

/** The current workspace as this tab last read it; null until the first list after a start or a switch. */
let seenWorkspace: string | null = null;

/**
 * After the current workspace changed (a switch, a leave, a joined invitation, a removal), every cached answer belongs
 * to the one before: the cache is dropped and the app starts again from the dashboard.
 */
export function restartInWorkspace(navigate: NavigateFunction) {
  seenWorkspace = null;
  queryClient.clear();
  void navigate('/app/dashboard', { replace: true });
}

/**
 * Notes the current workspace of a list just read; true when it is another than the last one read without this tab
 * asking (a removal from it, a switch in another tab).
 */
export function hasCurrentChanged(workspaceId: string): boolean {
  const changed = seenWorkspace !== null && seenWorkspace !== workspaceId;
  seenWorkspace = workspaceId;
  return changed;
}
