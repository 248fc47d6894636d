import { Bell, Menu, Search, X } from 'lucide-react';
import { inputClasses } from '../components/field';
import { cn } from '../lib/cn';

interface PageHeaderProps {
  menuOpen: boolean;
  onMenuToggle: () => void;
}

const iconButton =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

/** The bar above every app page. Search and notifications do nothing yet (decisions.md item 17). */
export function PageHeader({ menuOpen, onMenuToggle }: PageHeaderProps) {
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:gap-4 sm:px-6 lg:px-8 dark:border-slate-800 dark:bg-slate-950/90">
      <button
        type="button"
        onClick={onMenuToggle}
        aria-label={menuOpen ? 'Close menu' : 'Open menu'}
        aria-expanded={menuOpen}
        aria-controls={menuOpen ? 'mobile-sidebar' : undefined}
        className={cn(iconButton, '-ml-2 lg:hidden')}
      >
        {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
      </button>
      <form role="search" onSubmit={(event) => event.preventDefault()} className="relative max-w-md flex-1">
        <label htmlFor="app-search" className="sr-only">
          Search
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <input id="app-search" type="search" placeholder="Search..." className={cn(inputClasses, 'pl-9')} />
      </form>
      <div className="ml-auto flex items-center">
        <button type="button" aria-label="Notifications" className={iconButton}>
          <Bell aria-hidden="true" className="size-5" />
        </button>
      </div>
    </header>
  );
}
