import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { Dialog } from 'radix-ui';
import { ArrowRight, ExternalLink, History, Search, Zap } from 'lucide-react';
import { SEARCH_MAX_LENGTH, searchMessages, type SearchHit } from '@common/search';
import { useAuthStore } from '../lib/auth-store';
import { useDebounced } from '../lib/use-debounced';
import { SEARCH_MIN_LENGTH, searchQuery } from '../pages/search/api';
import { Highlighted } from './highlighted';
import { actionEntries, bookingPageEntry, filterEntries, pageEntries, type MenuEntry } from './menu-entries';
import { groupClasses, MenuItem } from './menu-item';
import { readRecent, rememberQuery, rememberRecord, type Recent } from './recent-items';
import { hitValue, kindIcons, SearchHits } from './search-hits';

/** One request per pause in typing. */
const DEBOUNCE_MS = 200;

/** localStorage, or nothing where the browser forbids it. */
function browserStorage() {
  try {
    return window.localStorage;
  } catch {
    return { getItem: () => null, setItem: () => undefined };
  }
}

interface CommandMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  query: string;
  onQueryChange: (query: string) => void;
}

/**
 * The header's command menu (decisions.md item 17): the user's records from the server, the app's pages and
 * actions, and before anything is typed the recent searches and records. cmdk gives the combobox and its keys;
 * Radix's dialog traps the focus and closes on Escape.
 */
export function CommandMenu({ open, onOpenChange, query, onQueryChange }: CommandMenuProps) {
  const navigate = useNavigate();
  const userId = useAuthStore((state) => state.user?.id ?? '');
  const [recent, setRecent] = useState<Recent>(() => readRecent(browserStorage(), userId));
  // Read again at each opening: another tab (or another account) may have changed them.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setRecent(readRecent(browserStorage(), userId));
  }
  const typed = query.trim();
  const settled = useDebounced(typed, DEBOUNCE_MS);
  const searching = typed.length >= SEARCH_MIN_LENGTH;
  const search = useQuery(searchQuery(settled));
  const [selected, setSelected] = useState('');

  // New hits take the selection, so Enter opens the best one rather than a page that matched earlier.
  const hits = searching && settled === typed ? search.data?.items : undefined;
  const [seenHits, setSeenHits] = useState(hits);
  if (hits !== seenHits) {
    setSeenHits(hits);
    if (hits?.[0]) setSelected(hitValue(hits[0]));
  }

  const go = (to: string) => {
    onOpenChange(false);
    void navigate(to);
  };
  const openEntry = (entry: MenuEntry) => {
    if (!entry.newTab) return go(entry.to);
    onOpenChange(false);
    window.open(entry.to, '_blank', 'noopener');
  };
  const openHit = (hit: SearchHit) => {
    const storage = browserStorage();
    if (typed) rememberQuery(storage, userId, typed);
    setRecent(rememberRecord(storage, userId, hit));
    go(hit.link);
  };

  const pages = filterEntries(userId ? [...pageEntries, bookingPageEntry(userId)] : pageEntries, typed);
  const actions = filterEntries(actionEntries, typed);
  const entryGroup = (heading: string, entries: MenuEntry[], icon: typeof ArrowRight) => {
    const Icon = icon;
    return (
      entries.length > 0 && (
        <Command.Group heading={heading} className={groupClasses}>
          {entries.map((entry) => (
            <MenuItem
              key={entry.value}
              value={entry.value}
              icon={entry.newTab ? <ExternalLink className="size-4" /> : <Icon className="size-4" />}
              onSelect={() => openEntry(entry)}
              detail={entry.newTab ? 'Opens in a new tab' : undefined}
            >
              <Highlighted text={entry.label} query={typed} />
            </MenuItem>
          ))}
        </Command.Group>
      )
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-[2px] motion-safe:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            // The text typed in the header box is already here: the caret goes after it, not before.
            const input = (event.currentTarget as HTMLElement | null)?.querySelector('input');
            if (!input) return;
            event.preventDefault();
            input.focus();
            input.setSelectionRange(input.value.length, input.value.length);
          }}
          className="fixed inset-x-0 top-0 z-50 mx-auto w-full max-w-xl motion-safe:animate-pop-in sm:top-[12vh] sm:px-4"
        >
          <Dialog.Title className="sr-only">Search</Dialog.Title>
          <Command
            label="Search"
            shouldFilter={false}
            vimBindings={false}
            loop
            value={selected}
            onValueChange={setSelected}
            className="overflow-hidden rounded-b-2xl border border-slate-200 bg-white shadow-xl sm:rounded-2xl dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="flex items-center gap-2 border-b border-slate-200 px-4 dark:border-slate-800">
              <Search aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
              <Command.Input
                value={query}
                onValueChange={onQueryChange}
                maxLength={SEARCH_MAX_LENGTH}
                placeholder={searchMessages.placeholder}
                className="h-12 w-full min-w-0 bg-transparent text-base text-slate-900 placeholder:text-slate-500 focus:outline-none sm:text-sm dark:text-slate-100"
              />
              <kbd className="hidden shrink-0 rounded border border-slate-300 px-1.5 py-0.5 text-xs text-slate-600 sm:inline dark:border-slate-700 dark:text-slate-400">
                Esc
              </kbd>
            </div>
            <Command.List
              label="Search results"
              className="max-h-[min(65dvh,28rem)] overflow-y-auto overscroll-contain p-2"
            >
              {searching && (
                <SearchHits
                  query={typed}
                  hits={hits}
                  loading={settled !== typed || search.isPending}
                  failed={search.isError}
                  onOpen={openHit}
                />
              )}
              {!typed && recent.queries.length > 0 && (
                <Command.Group heading="Recent searches" className={groupClasses}>
                  {recent.queries.map((q) => (
                    <MenuItem
                      key={q}
                      value={`recent-query:${q}`}
                      icon={<History className="size-4" />}
                      onSelect={() => onQueryChange(q)}
                    >
                      {q}
                    </MenuItem>
                  ))}
                </Command.Group>
              )}
              {!typed && recent.records.length > 0 && (
                <Command.Group heading="Recently opened" className={groupClasses}>
                  {recent.records.map((hit) => {
                    const Icon = kindIcons[hit.kind];
                    return (
                      <MenuItem
                        key={hitValue(hit)}
                        value={`recent:${hitValue(hit)}`}
                        icon={<Icon className="size-4" />}
                        onSelect={() => openHit(hit)}
                        detail={hit.subtitle}
                      >
                        {hit.title}
                      </MenuItem>
                    );
                  })}
                </Command.Group>
              )}
              {entryGroup('Pages', pages, ArrowRight)}
              {entryGroup('Actions', actions, Zap)}
              {!searching && typed && pages.length === 0 && actions.length === 0 && (
                <p role="status" className="px-3 py-3 text-sm text-slate-600 dark:text-slate-400">
                  {searchMessages.empty}
                </p>
              )}
            </Command.List>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
