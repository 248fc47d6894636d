import type { ReactElement } from 'react';
import { DropdownMenu } from 'radix-ui';
import { Check } from 'lucide-react';
import { roleLabels, type Workspace } from '@common/workspaces';
import { menuContentClasses, menuItemClasses } from '../components/overflow-menu';
import { cn } from '../lib/cn';
import { useSwitchWorkspace } from '../pages/team/api';

/**
 * The switcher's menu of the user's workspaces, loaded when the switcher is first wanted (workspace-switcher.tsx)
 * and opened at once: `trigger` is the switcher's button, `busy` says a switch is under way. Stays mounted after.
 */
export function WorkspaceMenu({
  trigger,
  workspaces,
  current,
}: {
  trigger: (busy: boolean) => ReactElement;
  workspaces: Workspace[];
  current: Workspace;
}) {
  const switchTo = useSwitchWorkspace();
  return (
    // Not modal, like the other menus: a modal menu hides the page, the drawer's focusable elements included.
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger asChild>{trigger(switchTo.isPending)}</DropdownMenu.Trigger>
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
            {workspaces.map((workspace) => (
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
