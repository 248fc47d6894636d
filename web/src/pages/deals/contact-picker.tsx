import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { X } from 'lucide-react';
import { dealMessages } from '@common/deals';
import { inputClasses } from '../../components/field';
import { Spinner } from '../../components/spinner';
import { cn } from '../../lib/cn';
import { contactSearchQuery } from './api';

export interface PickedContact {
  id: string;
  name: string;
}

interface ContactPickerProps {
  value: PickedContact | null;
  onChange: (contact: PickedContact | null) => void;
  error?: string;
  className?: string;
}

const SEARCH_DELAY_MS = 250;

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * A searchable contact combobox: typing asks the server for at most 20 matches (debounced),
 * so no screen ever loads every contact. Arrow keys move, Enter picks, Escape closes.
 */
export function ContactPicker({ value, onChange, error, className }: ContactPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(value?.name ?? '');
  const [active, setActive] = useState(0);
  const query = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const search = useQuery({ ...contactSearchQuery(query), enabled: open, placeholderData: keepPreviousData });
  const options = search.data?.items ?? [];

  useEffect(() => {
    if (search.isError) toast.error(dealMessages.contactsLoadFailed, { id: 'contacts-search' });
  }, [search.isError]);

  const close = () => {
    setOpen(false);
    setText(value?.name ?? '');
  };
  const pick = (contact: PickedContact) => {
    onChange({ id: contact.id, name: contact.name });
    setText(contact.name);
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
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        Contact
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
          aria-describedby={error ? errorId : undefined}
          autoComplete="off"
          placeholder="Search contacts..."
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
        {value && (
          <button
            type="button"
            aria-label="Clear contact"
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
          aria-label="Contacts"
          hidden={!open}
          ref={listRef}
          // In the flow rather than floating: a dialog's scrolling body would clip a floating list.
          className="mt-1 max-h-60 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-sm dark:border-slate-700 dark:bg-slate-900"
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
              No contacts found
            </li>
          ) : (
            options.map((contact, index) => (
              <li
                key={contact.id}
                id={`${listId}-${contact.id}`}
                role="option"
                aria-selected={index === active}
                className={cn(
                  'cursor-pointer px-3 py-2 text-sm text-slate-800 dark:text-slate-100',
                  index === active && 'bg-indigo-50 dark:bg-indigo-500/15',
                )}
                // Picks before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(contact);
                }}
                onMouseEnter={() => setActive(index)}
              >
                <span className="block font-medium">{contact.name}</span>
                {(contact.company || contact.email) && (
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {[contact.company, contact.email].filter(Boolean).join(' · ')}
                  </span>
                )}
              </li>
            ))
          )}
        </ul>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
