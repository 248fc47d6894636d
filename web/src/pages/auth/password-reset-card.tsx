import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../components/card';
import { useDocumentTitle } from '../../lib/use-document-title';

export const linkClasses = 'rounded font-medium text-indigo-700 hover:underline dark:text-indigo-400';

/** The card both reset pages show, as the sign-in page shows its own, with the way back to sign-in below. */
export function PasswordResetCard({
  title,
  lead,
  children,
}: {
  title: string;
  /** What to do on this page; left out where the page has only a notice to show. */
  lead?: string | undefined;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex max-w-6xl justify-center px-4 py-12 sm:px-6 sm:py-20">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {lead ? (
          <p className="mt-2 mb-6 text-sm text-slate-600 dark:text-slate-400">{lead}</p>
        ) : (
          <div className="mb-6" />
        )}
        {children}
        <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
          <Link to="/signin" className={linkClasses}>
            Back to Sign In
          </Link>
        </p>
      </Card>
    </div>
  );
}

/** A notice in the card instead of its form: the reason, and where to go from here. */
export function ResetNotice({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-200">
      {children}
    </div>
  );
}
