import { useId } from 'react';
import { Switch } from './switch';

interface LabelledSwitchProps {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  /** Read with the label, e.g. why it may be refused. */
  hint?: string;
  /** Beside a label of two lines (a hint), the switch lines up with the first. */
  align?: 'center' | 'start';
}

/** A switch with its label (and hint) beside it. */
export function LabelledSwitch({ label, checked, disabled, onChange, hint, align = 'center' }: LabelledSwitchProps) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className={align === 'start' ? 'flex items-start gap-3' : 'flex items-center gap-3'}>
      <Switch
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-labelledby={labelId}
        aria-describedby={hint ? hintId : undefined}
        className={align === 'start' ? 'mt-0.5' : undefined}
      />
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
