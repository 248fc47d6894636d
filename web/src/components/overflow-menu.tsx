import { useRef } from 'react';
import { DropdownMenu } from 'radix-ui';
import { MoreHorizontal, type LucideIcon } from 'lucide-react';
import { buttonClasses } from './button';
import { cn } from '../lib/cn';

export const menuContentClasses =
  'z-40 max-h-72 min-w-44 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-800 dark:bg-slate-900';

export const menuItemClasses =
  'flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-800 outline-none select-none data-highlighted:bg-indigo-50 data-highlighted:text-indigo-800 dark:text-slate-200 dark:data-highlighted:bg-indigo-500/15 dark:data-highlighted:text-indigo-100';

export interface OverflowAction {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
}

interface OverflowMenuProps {
  actions: OverflowAction[];
  /** The trigger's accessible name. */
  label?: string;
  className?: string;
}

/** The secondary actions of a header that has no room for them: a "More actions" button opening a menu. */
export function OverflowMenu({ actions, label = 'More actions', className }: OverflowMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  // The chosen action runs once the menu has closed and given the focus back to its button: a dialog it opens
  // then returns the focus there when it closes, not to a menu item that no longer exists.
  const chosen = useRef<(() => void) | null>(null);
  return (
    // Not modal: a modal menu hides the rest of the page from screen readers while it is open, focusable
    // elements included (axe's aria-hidden-focus), and its actions open dialogs of their own.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        ref={trigger}
        className={buttonClasses('secondary', 'icon', className)}
        aria-label={label}
        title={label}
      >
        <MoreHorizontal aria-hidden="true" className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className={menuContentClasses}
          onCloseAutoFocus={(event) => {
            const action = chosen.current;
            chosen.current = null;
            if (!action) return;
            event.preventDefault();
            trigger.current?.focus();
            action();
          }}
        >
          {actions.map(({ label: actionLabel, icon: Icon, onSelect }) => (
            <DropdownMenu.Item
              key={actionLabel}
              className={cn(menuItemClasses, 'py-2')}
              onSelect={() => {
                chosen.current = onSelect;
              }}
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {actionLabel}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
