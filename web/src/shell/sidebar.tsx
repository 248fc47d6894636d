import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { LogOut } from 'lucide-react';
import type { User } from '@common/auth';
import { Avatar } from '../components/avatar';
import { Spinner } from '../components/spinner';
import { cn } from '../lib/cn';
import { signOut } from '../lib/session';
import { Logo } from './logo';
import { navItems } from './nav-items';
import { ThemeToggle } from './theme-toggle';
import { WorkspaceBlock } from './workspace-block';

// Its own chunk, loaded after the page like the bell: the menu, zod and the contract stay out of the first load.
const WorkspaceSwitcher = lazy(() => import('./workspace-switcher').then((m) => ({ default: m.WorkspaceSwitcher })));

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive
      ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  );

/** The sidebar's content, shown fixed on large screens and in a drawer on small ones. */
export function SidebarContent({ user }: { user: User }) {
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  async function handleSignOut() {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      setSigningOut(false);
      void navigate('/signin', { replace: true });
    }
  }

  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center px-5">
        <Logo to="/app/dashboard" label="Pipewise dashboard" />
      </div>
      <nav aria-label="Sidebar" className="flex-1 overflow-y-auto px-3 py-2">
        <ul className="space-y-1">
          {navItems.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink to={to} className={linkClasses}>
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="shrink-0 space-y-2 border-t border-slate-200 p-3 dark:border-slate-800">
        <Suspense fallback={<WorkspaceBlock workspaceName={null} />}>
          <WorkspaceSwitcher />
        </Suspense>
        <Link
          to="/app/profile"
          className="flex items-center gap-3 rounded-lg p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <Avatar name={user.name} email={user.email} src={user.avatarUrl} />
          <span className="min-w-0">
            <span className="block truncate text-sm font-medium text-slate-900 dark:text-slate-100">
              {user.name || user.email}
            </span>
            <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{user.email}</span>
          </span>
        </Link>
        <div className="flex items-center justify-between gap-2">
          <ThemeToggle />
          <button
            type="button"
            onClick={handleSignOut}
            disabled={signingOut}
            className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            {signingOut ? <Spinner /> : <LogOut aria-hidden="true" className="size-4" />}
            Sign out
          </button>
        </div>
      </div>
    </div>
  );
}
