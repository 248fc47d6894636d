import { Link } from 'react-router';
import { cn } from '../lib/cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8', className)}>
      <rect width="32" height="32" rx="8" className="fill-indigo-600" />
      <path
        d="M10 23V9h7a4.5 4.5 0 0 1 0 9h-7"
        fill="none"
        stroke="white"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The product logo, linking to `to` ('/' on public pages). */
export function Logo({ to = '/', label = 'Pipewise home' }: { to?: string; label?: string }) {
  return (
    <Link to={to} aria-label={label} className="inline-flex items-center gap-2 rounded-lg">
      <LogoMark />
      <span aria-hidden="true" className="text-lg font-bold tracking-tight text-slate-900 dark:text-white">
        Pipewise
      </span>
    </Link>
  );
}
