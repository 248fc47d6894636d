import type { ReactNode } from 'react';
import { Command } from 'cmdk';

export const groupClasses =
  'mb-1 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-slate-500 [&_[cmdk-group-heading]]:uppercase dark:[&_[cmdk-group-heading]]:text-slate-400';

interface MenuItemProps {
  value: string;
  icon: ReactNode;
  onSelect: () => void;
  children: ReactNode;
  /** A second line. */
  detail?: ReactNode;
}

/** One row of the menu: arrow keys move to it, Enter or a click runs it. */
export function MenuItem({ value, icon, onSelect, children, detail }: MenuItemProps) {
  return (
    <Command.Item
      value={value}
      onSelect={onSelect}
      className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-800 data-[selected=true]:bg-indigo-50 data-[selected=true]:text-indigo-900 dark:text-slate-200 dark:data-[selected=true]:bg-indigo-500/15 dark:data-[selected=true]:text-white"
    >
      <span aria-hidden="true" className="shrink-0 text-slate-500 dark:text-slate-400">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate">{children}</span>
        {detail && <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{detail}</span>}
      </span>
    </Command.Item>
  );
}
