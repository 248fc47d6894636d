import type { ReactNode } from 'react';

/** One label and value of a calendar item's details modal (an activity, a booking). */
export function DetailsRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[8rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-sm break-words text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}
