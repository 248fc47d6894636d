import { LoaderCircle } from 'lucide-react';
import { cn } from '../lib/cn';

interface SpinnerProps {
  className?: string;
  /** Announced to screen readers; omit when the spinner sits inside a labelled control. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}
