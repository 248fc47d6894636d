import { useId } from 'react';
import { Switch } from 'radix-ui';
import { cn } from '../../lib/cn';

interface LabelledSwitchProps {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  /** Read with the label, e.g. why it may be refused. */
  hint?: string;
}

/** A labelled on/off switch (Radix: a button with role switch, Space toggles it). */
export function LabelledSwitch({ label, checked, disabled, onChange, hint }: LabelledSwitchProps) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="flex items-center gap-3">
      <Switch.Root
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-labelledby={labelId}
        aria-describedby={hint ? hintId : undefined}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors',
          'bg-slate-300 data-[state=checked]:bg-indigo-600 dark:bg-slate-700 dark:data-[state=checked]:bg-indigo-500',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
          'disabled:cursor-not-allowed disabled:opacity-60',
        )}
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
      <div className="min-w-0">
        <span id={labelId} className="text-sm font-medium text-slate-900 dark:text-slate-100">
          {label}
        </span>
        {hint && (
          <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
