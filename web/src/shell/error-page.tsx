import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClasses } from '../components/button';
import { useDocumentTitle } from '../lib/use-document-title';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || `${error.status}`;
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/** The route error fallback; its title is the spec's. */
export function ErrorPage() {
  const error = useRouteError();
  useDocumentTitle('Unexpected Application Error!');
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="max-w-lg font-mono text-sm text-slate-600 dark:text-slate-400">{describe(error)}</p>
      {/* A full page load: the router state may be what broke. */}
      <a href="/" className={buttonClasses('secondary')}>
        Back to Home
      </a>
    </main>
  );
}
