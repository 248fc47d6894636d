import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { PageTitle } from '../../components/page-title';
import { settingsItems } from '../../shell/nav-items';

/** /app/settings: the index of the settings screens. */
export function SettingsPage() {
  return (
    <div className="max-w-5xl">
      <PageTitle title="Settings" />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {settingsItems.map(({ to, label, description, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-indigo-300 hover:bg-indigo-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-500/50 dark:hover:bg-slate-800/60"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-300">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-slate-900 dark:text-slate-100">{label}</span>
                <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">{description}</span>
              </span>
              <ChevronRight
                aria-hidden="true"
                className="mt-0.5 size-5 shrink-0 text-slate-400 transition-transform group-hover:translate-x-0.5"
              />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
