import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { Pencil, Trash2 } from 'lucide-react';
import type { ContactListItem, ContactSort, SortDirection } from '@common/contacts';
import { Avatar } from '../../components/avatar';
import { inputClasses } from '../../components/field';
import { cn } from '../../lib/cn';
import type { ContactListView } from './api';

interface ContactCardsProps {
  contacts: ContactListItem[];
  view: ContactListView;
  onSortChange: (sort: ContactSort, dir: SortDirection) => void;
  onEdit: (contact: ContactListItem) => void;
  onDelete: (contact: ContactListItem) => void;
}

const sortOptions: Array<[sort: ContactSort, dir: SortDirection, label: string]> = [
  ['name', 'asc', 'Name (A–Z)'],
  ['name', 'desc', 'Name (Z–A)'],
  ['email', 'asc', 'Email (A–Z)'],
  ['email', 'desc', 'Email (Z–A)'],
  ['phone', 'asc', 'Phone (0–9)'],
  ['phone', 'desc', 'Phone (9–0)'],
  ['company', 'asc', 'Company (A–Z)'],
  ['company', 'desc', 'Company (Z–A)'],
];

const iconButton = 'inline-flex size-9 items-center justify-center rounded-md';

/**
 * The list on a phone or a tablet: one compact row per contact (its picture, name, company and e-mail) with its actions, as
 * the table's five columns do not fit; the sort the table's headers give is a select here.
 */
export function ContactCards({ contacts, view, onSortChange, onEdit, onDelete }: ContactCardsProps) {
  // The detail page's back link returns to the list as searched and sorted.
  const listSearch = useLocation().search;
  const sortId = useId();
  return (
    <div>
      <div className="flex items-center gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2 dark:border-slate-800 dark:bg-slate-900/60">
        <label htmlFor={sortId} className="shrink-0 text-sm font-medium text-slate-800 dark:text-slate-200">
          Sort by
        </label>
        <select
          id={sortId}
          className={cn(inputClasses, 'py-1.5 pr-8 sm:max-w-xs')}
          value={`${view.sort} ${view.dir}`}
          onChange={(event) => {
            const [sort, dir] = event.target.value.split(' ') as [ContactSort, SortDirection];
            onSortChange(sort, dir);
          }}
        >
          {sortOptions.map(([sort, dir, label]) => (
            <option key={`${sort} ${dir}`} value={`${sort} ${dir}`}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <ul aria-label="Contacts" className="divide-y divide-slate-200 dark:divide-slate-800">
        {contacts.map((contact) => (
          <li key={contact.id} className="flex items-start gap-3 px-4 py-3">
            <Avatar name={contact.name} className="mt-0.5 size-8 text-xs" />
            <div className="min-w-0 flex-1 text-sm">
              <Link
                to={`/app/contacts/${contact.id}`}
                state={{ listSearch }}
                className="rounded-sm font-medium break-words text-slate-900 hover:text-indigo-700 hover:underline dark:text-slate-100 dark:hover:text-indigo-300"
              >
                {contact.name}
              </Link>
              {contact.company && (
                <p className="truncate text-slate-700 dark:text-slate-300" title={contact.company}>
                  {contact.company}
                </p>
              )}
              {contact.email && (
                <p className="truncate text-slate-600 dark:text-slate-400" title={contact.email}>
                  {contact.email}
                </p>
              )}
            </div>
            <div className="-my-1.5 -mr-2 flex shrink-0">
              <button
                type="button"
                className={`${iconButton} text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100`}
                onClick={() => onEdit(contact)}
              >
                <Pencil aria-hidden="true" className="size-4" />
                <span className="sr-only">Edit {contact.name}</span>
              </button>
              <button
                type="button"
                className={`${iconButton} text-red-700 hover:bg-red-50 hover:text-red-800 dark:text-red-400 dark:hover:bg-red-500/10 dark:hover:text-red-300`}
                onClick={() => onDelete(contact)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                <span className="sr-only">Delete {contact.name}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
