import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';

interface PageTitleProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons on the right, e.g. 'Create'. */
  actions?: ReactNode;
}

/** The heading row of an app page. */
export function PageTitle({ title, description, actions }: PageTitleProps) {
  useDocumentTitle(typeof title === 'string' ? title : undefined);
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
