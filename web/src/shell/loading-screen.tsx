import { Spinner } from '../components/spinner';

export function LoadingScreen() {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-3 text-center">
      <Spinner className="size-8 text-indigo-500" />
      <p className="text-lg font-semibold">Loading...</p>
      <p className="text-sm text-slate-600 dark:text-slate-400">Setting up your workspace</p>
    </div>
  );
}
