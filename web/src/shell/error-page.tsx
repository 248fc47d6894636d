import { Component, type ReactNode } from 'react';
import { buttonClasses } from '../components/button';
import { useDocumentTitle } from '../lib/use-document-title';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/** The page shown when rendering a screen failed; its title is the spec's. */
export function ErrorPage({ error }: { error: unknown }) {
  useDocumentTitle('Unexpected Application Error!');
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="max-w-lg font-mono text-sm text-slate-600 dark:text-slate-400">{describe(error)}</p>
      {/* A full page load: the app's state may be what broke. */}
      <a href="/" className={buttonClasses('secondary')}>
        Back to Home
      </a>
    </main>
  );
}

/** Catches what any screen throws while rendering (a failed chunk load included) and shows the error page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? 'Unknown error' };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <ErrorPage error={this.state.error} />;
  }
}
