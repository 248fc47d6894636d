import { Link, useLocation } from 'react-router';
import { ArrowDown, ArrowUp, ArrowUpDown, Pencil, Trash2 } from 'lucide-react';
import type { ContactListItem, ContactSort } from '@common/contacts';
import { Avatar } from '../../components/avatar';
import { orDash } from '../../lib/format';
import type { ContactListView } from './api';

interface ContactsTableProps {
  contacts: ContactListItem[];
  view: ContactListView;
  onSort: (column: ContactSort) => void;
  onEdit: (contact: ContactListItem) => void;
  onDelete: (contact: ContactListItem) => void;
}

const th = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400';
const td = 'px-4 py-3 text-sm whitespace-nowrap text-slate-700 dark:text-slate-300';
// Names stay in view while the other columns scroll sideways on narrow screens.
const stickyCell = 'sticky left-0 z-10 border-r border-slate-200 md:static md:border-r-0 dark:border-slate-800';
const action =
  'inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800';
const sortButton =
  '-mx-1.5 inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 uppercase hover:bg-slate-200/70 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-slate-100';

const columns: Array<[column: ContactSort, label: string]> = [
  ['name', 'Name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['company', 'Company'],
];

function SortHeader({
  column,
  label,
  view,
  onSort,
  className,
}: {
  column: ContactSort;
  label: string;
  view: ContactListView;
  onSort: (column: ContactSort) => void;
  className?: string;
}) {
  const active = view.sort === column;
  const Icon = !active ? ArrowUpDown : view.dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (view.dir === 'asc' ? 'ascending' : 'descending') : undefined}
      className={`${th} ${className ?? ''}`}
    >
      <button type="button" className={sortButton} onClick={() => onSort(column)}>
        {label}
        <Icon aria-hidden="true" className={`size-3.5 ${active ? '' : 'opacity-50'}`} />
      </button>
    </th>
  );
}

/** Scrolls sideways on narrow screens rather than squeezing columns; each column header sorts by it. */
export function ContactsTable({ contacts, view, onSort, onEdit, onDelete }: ContactsTableProps) {
  // The detail page's back link returns to the list as searched and sorted.
  const listSearch = useLocation().search;
  return (
    <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Contacts table">
      <table className="w-full min-w-[720px] divide-y divide-slate-200 dark:divide-slate-800">
        <thead className="bg-slate-50 dark:bg-slate-900/60">
          <tr>
            {columns.map(([column, label], i) => (
              <SortHeader
                key={column}
                column={column}
                label={label}
                view={view}
                onSort={onSort}
                className={i === 0 ? `${stickyCell} bg-slate-50 dark:bg-slate-900` : undefined}
              />
            ))}
            <th scope="col" className={th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {contacts.map((contact) => (
            <tr key={contact.id} className="group hover:bg-slate-50 dark:hover:bg-[#172033]">
              <th
                scope="row"
                className={`${td} ${stickyCell} bg-white font-medium text-slate-900 group-hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-100 dark:group-hover:bg-[#172033]`}
              >
                <span className="flex items-center gap-3">
                  <span className="hidden sm:contents">
                    <Avatar name={contact.name} className="size-8 text-xs" />
                  </span>
                  <Link
                    to={`/app/contacts/${contact.id}`}
                    state={{ listSearch }}
                    className="rounded-sm hover:text-indigo-700 hover:underline dark:hover:text-indigo-300"
                  >
                    {contact.name}
                  </Link>
                </span>
              </th>
              <td className={td}>{orDash(contact.email)}</td>
              <td className={td}>{orDash(contact.phone)}</td>
              <td className={td}>{orDash(contact.company)}</td>
              <td className={`${td} text-right`}>
                <div className="flex justify-end gap-1">
                  <button type="button" className={action} onClick={() => onEdit(contact)}>
                    <Pencil aria-hidden="true" className="size-4" />
                    Edit<span className="sr-only"> {contact.name}</span>
                  </button>
                  <button
                    type="button"
                    className={`${action} text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10`}
                    onClick={() => onDelete(contact)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    Delete<span className="sr-only"> {contact.name}</span>
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
