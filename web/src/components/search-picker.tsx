import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { X } from 'lucide-react';
import { cn } from '../lib/cn';
import { useDebounced } from '../lib/use-debounced';
import { inputClasses } from './field';
import { Spinner } from './spinner';

/** What a picker offers: the name, and a detail line (a contact's company and e-mail, a deal's stage). */
export interface PickerOption {
  id: string;
  name: string;
  detail?: string;
}

/** What a picker holds. */
export interface Picked {
  id: string;
  name: string;
}

/** The server-side search a picker asks with what was typed: at most one page of matches. */
export type PickerSearch = (term: string) => UseQueryOptions<PickerOption[], Error, PickerOption[], string[]>;

export interface SearchPickerProps {
  /** "Contact", "Project", "Deal": the label, and the clear button's name. */
  label: string;
  /** "contacts", "projects", "deals": the list's name, the placeholder and the empty line. */
  plural: string;
  search: PickerSearch;
  /** The toast when a search fails: one at a time, however many pickers of its kind are on the screen. */
  loadFailed: string;
  /** Reopened on a picked item, the list shows everything again rather than the matches of its name. */
  relistWhenPicked?: boolean;
  value: Picked | null;
  onChange: (value: Picked | null) => void;
  disabled?: boolean;
  hint?: string;
  error?: string;
  className?: string;
  /** Over the page (a filter bar) rather than in the flow (a dialog, whose scrolling body would clip it). */
  floating?: boolean;
}

const SEARCH_DELAY_MS = 250;

/**
 * A searchable combobox: typing asks the server for at most 20 matches (debounced), so no screen ever
 * loads them all. Arrow keys move, Enter picks, Escape closes.
 */
export function SearchPicker({
  label,
  plural,
  search: searchQuery,
  loadFailed,
  relistWhenPicked,
  value,
  onChange,
  disabled,
  hint,
  error,
  className,
  floating,
}: SearchPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const noteId = `${id}-note`;
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(value?.name ?? '');
  const [active, setActive] = useState(0);
  const query = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const term = relistWhenPicked && value && query === value.name ? '' : query;
  const search = useQuery({
    ...searchQuery(term),
    enabled: open && !disabled,
    placeholderData: keepPreviousData,
  });
  const options = search.data ?? [];

  // The picked name changes from outside: the other picker cleared this one, or a name arrived.
  const shownName = value?.name ?? '';
  const [seenName, setSeenName] = useState(shownName);
  if (shownName !== seenName) {
    setSeenName(shownName);
    if (!open) setText(shownName);
  }

  useEffect(() => {
    if (search.isError) toast.error(loadFailed, { id: loadFailed });
  }, [search.isError, loadFailed]);

  const close = () => {
    setOpen(false);
    setText(value?.name ?? '');
  };
  const pick = (option: PickerOption) => {
    onChange({ id: option.id, name: option.name });
    setText(option.name);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive((i) => Math.min(i + 1, options.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      if (open && options[active]) {
        event.preventDefault();
        pick(options[active]);
      }
    } else if (event.key === 'Escape' && open) {
      // Closes the list, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  const activeOption = open ? options[active] : undefined;
  const activeDomId = activeOption ? `${listId}-${activeOption.id}` : undefined;
  // Keep the open list, and the option the arrows reached, in view.
  useEffect(() => {
    if (!open) return;
    const target = (activeDomId && document.getElementById(activeDomId)) || listRef.current;
    target?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeDomId]);

  const note = error ?? hint;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeDomId}
          aria-invalid={error ? true : undefined}
          aria-describedby={note ? noteId : undefined}
          autoComplete="off"
          disabled={disabled}
          placeholder={`Search ${plural}...`}
          className={cn(inputClasses, value && 'pr-9')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
        {value && !disabled && (
          <button
            type="button"
            aria-label={`Clear ${label.toLowerCase()}`}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
            onClick={() => {
              onChange(null);
              setText('');
              inputRef.current?.focus();
            }}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
        <ul
          id={listId}
          role="listbox"
          aria-label={plural.charAt(0).toUpperCase() + plural.slice(1)}
          hidden={!open}
          ref={listRef}
          className={cn(
            'mt-1 max-h-60 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-sm dark:border-slate-700 dark:bg-slate-900',
            floating && 'absolute inset-x-0 top-full z-30 shadow-lg',
          )}
        >
          {search.isPending ? (
            <li
              role="presentation"
              className="flex items-center gap-2 px-3 py-2 text-sm text-slate-600 dark:text-slate-400"
            >
              <Spinner /> Searching...
            </li>
          ) : options.length === 0 ? (
            <li role="presentation" className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">
              No {plural} found
            </li>
          ) : (
            options.map((option, index) => (
              <li
                key={option.id}
                id={`${listId}-${option.id}`}
                role="option"
                aria-selected={index === active}
                className={cn(
                  'cursor-pointer px-3 py-2 text-sm text-slate-800 dark:text-slate-100',
                  index === active && 'bg-indigo-50 dark:bg-indigo-500/15',
                )}
                // Picks before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(option);
                }}
                onMouseEnter={() => setActive(index)}
              >
                <span className="block font-medium">{option.name}</span>
                {option.detail && (
                  <span className="block text-xs text-slate-600 dark:text-slate-400">{option.detail}</span>
                )}
              </li>
            ))
          )}
        </ul>
      </div>
      {note && (
        <p
          id={noteId}
          className={cn(
            'text-sm',
            error ? 'text-red-600 dark:text-red-400' : 'text-xs text-slate-600 dark:text-slate-400',
          )}
        >
          {note}
        </p>
      )}
    </div>
  );
}
