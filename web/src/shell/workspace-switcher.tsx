import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { DropdownMenu } from 'radix-ui';
import { Check } from 'lucide-react';
import { roleLabels, teamMessages } from '@common/workspaces';
import { menuContentClasses, menuItemClasses } from '../components/overflow-menu';
import { cn } from '../lib/cn';
import { useSwitchWorkspace, workspacesQuery } from '../pages/team/api';
import { hasCurrentChanged, restartInWorkspace } from '../pages/team/switch-app';
import { WorkspaceBlock } from './workspace-block';

/**
 * The sidebar's workspace: its name, and a menu of the user's workspaces to switch to. Its own chunk, loaded after
 * the page (like the bell): zod, the contract and the menu stay out of the shell's first load.
 */
export function WorkspaceSwitcher() {
  const { data, isError, refetch } = useQuery(workspacesQuery());
  const switchTo = useSwitchWorkspace();
  const current = data?.items.find((workspace) => workspace.current);
  const currentId = current?.id;
  const navigate = useNavigate();
  const { pathname } = useLocation();

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

  return (
    // Not modal, like the other menus: a modal menu hides the page, the drawer's focusable elements included.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <WorkspaceBlock workspaceName={current.name} interactive busy={switchTo.isPending} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          side="top"
          sideOffset={4}
          // Above the phone's drawer, which is a dialog of its own (z-50).
          className={cn(menuContentClasses.replace('z-40', 'z-50'), 'w-60')}
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-medium text-slate-600 dark:text-slate-400">
            Workspaces
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={current.id}
            onValueChange={(id) => {
              if (id !== current.id) switchTo.mutate(id);
            }}
          >
            {data.items.map((workspace) => (
              <DropdownMenu.RadioItem key={workspace.id} value={workspace.id} className={cn(menuItemClasses, 'py-2')}>
                <span className="flex size-4 shrink-0 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check aria-hidden="true" className="size-4" />
                  </DropdownMenu.ItemIndicator>
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate">{workspace.name}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">{roleLabels[workspace.role]}</span>
                </span>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
