import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { teamMessages } from '@common/team-messages';
import { hasCurrentChanged, restartInWorkspace } from '../pages/team/switch-app';
import { workspacesQuery } from '../pages/team/workspaces-query';
import { WorkspaceBlock } from './workspace-block';

// The menu and its library load when the switcher is first pointed at, focused or pressed (workspace-menu.tsx).
const loadMenu = () => import('./workspace-menu');
const WorkspaceMenu = lazy(() => loadMenu().then((m) => ({ default: m.WorkspaceMenu })));

/**
 * The sidebar's workspace: its name, and a menu of the user's workspaces to switch to. Its own chunk, loaded after
 * the page (like the bell), without zod; the menu's chunk comes when it is wanted.
 */
export function WorkspaceSwitcher() {
  const { data, isError, refetch } = useQuery(workspacesQuery());
  const current = data?.items.find((workspace) => workspace.current);
  const currentId = current?.id;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Pressed once: from then on the menu (opened that first time) is the switcher.
  const [wanted, setWanted] = useState(false);

  // Read again at each move to another page: a member removed from the workspace, or who switched in another tab,
  // is in another one by now.
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) void refetch();
    moved.current = true;
  }, [pathname, refetch]);
  useEffect(() => {
    if (currentId && hasCurrentChanged(currentId)) restartInWorkspace(navigate);
  }, [currentId, navigate]);

  if (!data || !current) {
    return <WorkspaceBlock workspaceName={isError ? teamMessages.workspacesLoadFailed : null} />;
  }
  const block = (busy = false) => <WorkspaceBlock workspaceName={current.name} interactive busy={busy} />;
  if (!wanted) {
    const preload = () => void loadMenu();
    return (
      <WorkspaceBlock
        workspaceName={current.name}
        interactive
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setWanted(true)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') setWanted(true);
        }}
      />
    );
  }
  return (
    <Suspense fallback={block(true)}>
      <WorkspaceMenu trigger={block} workspaces={data.items} current={current} />
    </Suspense>
  );
}
