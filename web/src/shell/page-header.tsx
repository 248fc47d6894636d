import { lazy, Suspense, useEffect, useState } from 'react';
import { Bell, Menu, Search, X } from 'lucide-react';
import { inputClasses } from '../components/field';
import { cn } from '../lib/cn';
import { iconButton } from './header-styles';

// Loaded at the first opening: most visits never open the menu, and cmdk stays out of the first load.
const loadCommandMenu = () => import('./command-menu');
const CommandMenu = lazy(() => loadCommandMenu().then((m) => ({ default: m.CommandMenu })));
// The bell polls from its own chunk, loaded after the page: zod and its schemas stay out of the first load.
const NotificationBell = lazy(() => import('./notification-bell').then((m) => ({ default: m.NotificationBell })));

interface PageHeaderProps {
  menuOpen: boolean;
  onMenuToggle: () => void;
}

const isShortcut = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';

/** The bar above every app page: the drawer's button, search (the command menu, also Ctrl+K) and the bell. */
export function PageHeader({ menuOpen, onMenuToggle }: PageHeaderProps) {
  const [search, setSearch] = useState({ open: false, query: '', loaded: false });
  const openSearch = (query = '') => setSearch({ open: true, query, loaded: true });

  useEffect(() => {
    // Ctrl+K / Cmd+K anywhere, inside other inputs too: it types nothing there.
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      setSearch((current) => (current.open ? { ...current, open: false } : { open: true, query: '', loaded: true }));
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

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
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          openSearch();
        }}
        className="relative max-w-md min-w-0 flex-1"
      >
        <label htmlFor="app-search" className="sr-only">
          Search
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        {/* Stays empty: a click, or what is typed here, opens the menu with it (focus alone does not, so
            Tab passes by and the focus coming back when the menu closes does not open it again). */}
        <input
          id="app-search"
          type="search"
          autoComplete="off"
          placeholder="Search..."
          aria-haspopup="dialog"
          aria-keyshortcuts="Control+K Meta+K"
          value=""
          onChange={(event) => openSearch(event.currentTarget.value)}
          onClick={() => openSearch()}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              openSearch();
            }
          }}
          onPointerEnter={() => void loadCommandMenu()}
          className={cn(inputClasses, 'pl-9 sm:pr-14')}
        />
        <kbd
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 hidden -translate-y-1/2 rounded border border-slate-300 px-1.5 text-xs text-slate-600 sm:block dark:border-slate-700 dark:text-slate-400"
        >
          Ctrl K
        </kbd>
      </form>
      {search.loaded && (
        <Suspense fallback={null}>
          <CommandMenu
            open={search.open}
            onOpenChange={(open) => setSearch((current) => ({ ...current, open }))}
            query={search.query}
            onQueryChange={(query) => setSearch((current) => ({ ...current, query }))}
          />
        </Suspense>
      )}
      <div className="ml-auto flex items-center">
        <Suspense
          fallback={
            <button type="button" aria-label="Notifications" className={iconButton}>
              <Bell aria-hidden="true" className="size-5" />
            </button>
          }
        >
          <NotificationBell />
        </Suspense>
      </div>
    </header>
  );
}
