import { Link } from 'react-router';
import { LogoMark } from './logo';

export function PublicFooter() {
  return (
    <footer className="border-t border-slate-200 dark:border-slate-800">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-8 sm:flex-row sm:px-6">
        <div className="flex items-center gap-2">
          <LogoMark className="size-6" />
          <span className="font-semibold">Pipewise</span>
        </div>
        <nav aria-label="Footer" className="flex gap-6 text-sm text-slate-600 dark:text-slate-400">
          <Link to="/pricing" className="rounded hover:text-slate-900 dark:hover:text-white">
            Pricing
          </Link>
          <a href="/#features" className="rounded hover:text-slate-900 dark:hover:text-white">
            Features
          </a>
        </nav>
        <p className="text-sm text-slate-600 dark:text-slate-400">© 2025 Pipewise. All rights reserved.</p>
      </div>
    </footer>
  );
}
