import type { LucideIcon } from 'lucide-react';
import { cn } from '../lib/cn';

export interface ViewOption<V extends string> {
  value: V;
  label: string;
  icon: LucideIcon;
}

interface ViewToggleProps<V extends string> {
  options: ReadonlyArray<ViewOption<V>>;
  value: V;
  onChange: (value: V) => void;
}

/** Two or more ways to show one list (board, list, grid): pressed buttons in a group named "View". */
export function ViewToggle<V extends string>({ options, value, onChange }: ViewToggleProps<V>) {
  return (
    <div
      role="group"
      aria-label="View"
      className="inline-flex h-10 shrink-0 rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      {options.map(({ value: option, label, icon: Icon }) => (
        <button
          key={option}
          type="button"
          title={label}
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={cn(
            'inline-flex items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500',
            value === option
              ? 'bg-indigo-600 text-white'
              : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
          {/* Icons alone on a phone, where the header's buttons must fit one row; the name stays for screen readers. */}
          <span className="sr-only sm:not-sr-only">{label}</span>
        </button>
      ))}
    </div>
  );
}
