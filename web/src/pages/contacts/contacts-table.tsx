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
const cell = 'py-3 text-sm text-slate-700 dark:text-slate-300';
const td = `px-4 ${cell}`;
const action =
  'inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800';
const sortButton =
  '-mx-1.5 inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 uppercase hover:bg-slate-200/70 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-slate-100';
// Fixed widths for the short columns; name, e-mail and company share the rest. Where the screen leaves room for
// them (xl), the names have their pictures and the actions their words; elsewhere the actions are icons.
const columnWidths: Partial<Record<ContactSort, string>> = { phone: 'w-44' };
const actionsWidth = 'w-24 xl:w-44';

/** A value cut with an ellipsis when it is longer than its column, whole in its tooltip. */
function Truncated({ value }: { value: string | null }) {
  const shown = orDash(value);
  return (
    <span className="block truncate" title={shown === '-' ? undefined : shown}>
      {shown}
    </span>
  );
}

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

/**
 * The list on screens from 1024 px: its columns keep to the card (a long value ends in an ellipsis, whole in its
 * tooltip), so the row actions stay in view; each column header sorts by it.
 */
export function ContactsTable({ contacts, view, onSort, onEdit, onDelete }: ContactsTableProps) {
  // The detail page's back link returns to the list as searched and sorted.
  const listSearch = useLocation().search;
  return (
    <div role="region" aria-label="Contacts table">
      <table className="w-full table-fixed divide-y divide-slate-200 dark:divide-slate-800">
        <thead className="bg-slate-50 dark:bg-slate-900/60">
          <tr>
            {columns.map(([column, label]) => (
              <SortHeader
                key={column}
                column={column}
                label={label}
                view={view}
                onSort={onSort}
                className={columnWidths[column]}
              />
            ))}
            <th scope="col" className={`${th} ${actionsWidth}`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {contacts.map((contact) => (
            <tr key={contact.id} className="group hover:bg-slate-50 dark:hover:bg-[#172033]">
              <th scope="row" className={`${td} font-medium text-slate-900 dark:text-slate-100`}>
                <span className="flex min-w-0 items-center gap-3">
                  <span className="hidden xl:contents">
                    <Avatar name={contact.name} className="size-8 text-xs" />
                  </span>
                  <Link
                    to={`/app/contacts/${contact.id}`}
                    state={{ listSearch }}
                    title={contact.name}
                    className="truncate rounded-sm hover:text-indigo-700 hover:underline dark:hover:text-indigo-300"
                  >
                    {contact.name}
                  </Link>
                </span>
              </th>
              <td className={td}>
                <Truncated value={contact.email} />
              </td>
              <td className={td}>
                <Truncated value={contact.phone} />
              </td>
              <td className={td}>
                <Truncated value={contact.company} />
              </td>
              <td className={`px-2 ${cell} text-right`}>
                <div className="flex justify-end gap-1">
                  <button type="button" className={action} title="Edit" onClick={() => onEdit(contact)}>
                    <Pencil aria-hidden="true" className="size-4" />
                    <span className="sr-only xl:not-sr-only">Edit</span>
                    <span className="sr-only"> {contact.name}</span>
                  </button>
                  <button
                    type="button"
                    title="Delete"
                    className={`${action} text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10`}
                    onClick={() => onDelete(contact)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    <span className="sr-only xl:not-sr-only">Delete</span>
                    <span className="sr-only"> {contact.name}</span>
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
