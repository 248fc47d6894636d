import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { contactMessages, type ContactInput, type ContactSort, type SortDirection } from '@common/contacts';
import { contactsApi } from '@common/contacts-api';
import { call } from '../../lib/api';
import { pageQuery } from '../../lib/paging';
import { dealKeys } from '../deals/keys';
import { contactKeys } from './keys';

export const CONTACTS_PAGE_SIZE = 50;

/** What the list shows: kept in the address (?q=&sort=&dir=). */
export interface ContactListView {
  q: string;
  sort: ContactSort;
  dir: SortDirection;
}

/** One page of contacts after a cursor (null: the first page), searched and sorted as the view says. */
export const contactsQuery = (view: ContactListView, cursor: string | null) =>
  queryOptions({
    queryKey: contactKeys.page(view, cursor),
    queryFn: () =>
      call(contactsApi.list, {
        query: { ...pageQuery(CONTACTS_PAGE_SIZE, cursor), q: view.q || undefined, sort: view.sort, dir: view.dir },
      }),
  });

/** The total, asked once per view rather than with every page. */
export const contactsCountQuery = () =>
  queryOptions({ queryKey: contactKeys.count(), queryFn: () => call(contactsApi.count) });

/** One contact whole (the list's rows leave the website out): what its edit form starts from. */
export const contactQuery = (id: string) =>
  queryOptions({
    queryKey: contactKeys.one(id),
    queryFn: () => call(contactsApi.one, { params: { id } }),
  });

/**
 * A contact with its deals and their tasks; the delete confirmation reads its deal count too. Deals change on
 * other screens, which do not refresh contacts: it is read again whenever it is shown.
 */
export const contactDetailQuery = (id: string) =>
  queryOptions({
    queryKey: contactKeys.detail(id),
    staleTime: 0,
    queryFn: () => call(contactsApi.details, { params: { id } }),
  });

function useInvalidateContacts() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: contactKeys.all });
}

export function useCreateContact() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: (input: ContactInput) => call(contactsApi.create, { body: input }),
    onSuccess: () => {
      toast.success(contactMessages.created);
      return invalidate();
    },
    onError: () => toast.error(contactMessages.createFailed),
  });
}

export function useUpdateContact() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ContactInput }) =>
      call(contactsApi.update, { params: { id }, body: input }),
    onSuccess: () => {
      toast.success(contactMessages.updated);
      return invalidate();
    },
    onError: () => toast.error(contactMessages.updateFailed),
  });
}

export function useDeleteContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(contactsApi.remove, { params: { id } }),
    onSuccess: (_, id) => {
      toast.success(contactMessages.deleted);
      // The deleted contact's own details would only answer 404: they are dropped, not fetched again.
      const gone = contactKeys.detail(id);
      const isGone = (key: readonly unknown[]) => gone.every((part, index) => key[index] === part);
      void qc.invalidateQueries({ queryKey: dealKeys.all });
      return qc.invalidateQueries({ queryKey: contactKeys.all, predicate: (query) => !isGone(query.queryKey) });
    },
    onError: () => toast.error(contactMessages.deleteFailed),
  });
}
