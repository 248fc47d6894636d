import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  contactDetailSchema,
  contactMessages,
  contactPageSchema,
  contactSchema,
  type ContactInput,
  type ContactSort,
  type SortDirection,
} from '@common/contacts';
import { countSchema } from '@common/http';
import { api } from '../../lib/api';
import { pageParams } from '../../lib/paging';

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
    queryKey: ['contacts', 'page', view.q, view.sort, view.dir, cursor],
    queryFn: () => {
      const params = new URLSearchParams(pageParams(CONTACTS_PAGE_SIZE, cursor));
      if (view.q) params.set('q', view.q);
      params.set('sort', view.sort);
      params.set('dir', view.dir);
      return api.get(`/api/contacts?${params}`, contactPageSchema);
    },
  });

/** The total, asked once per view rather than with every page. */
export const contactsCountQuery = () =>
  queryOptions({ queryKey: ['contacts', 'count'], queryFn: () => api.get('/api/contacts/count', countSchema) });

/** One contact whole (the list's rows leave the website out): what its edit form starts from. */
export const contactQuery = (id: string) =>
  queryOptions({
    queryKey: ['contacts', 'one', id],
    queryFn: () => api.get(`/api/contacts/${encodeURIComponent(id)}`, contactSchema),
  });

/**
 * A contact with its deals and their tasks; the delete confirmation reads its deal count too. Deals change on
 * other screens, which do not refresh contacts: it is read again whenever it is shown.
 */
export const contactDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['contacts', 'detail', id],
    staleTime: 0,
    queryFn: () => api.get(`/api/contacts/${encodeURIComponent(id)}/details`, contactDetailSchema),
  });

function useInvalidateContacts() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['contacts'] });
}

export function useCreateContact() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: (input: ContactInput) => api.post('/api/contacts', input, contactSchema),
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
      api.patch(`/api/contacts/${id}`, input, contactSchema),
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
    mutationFn: (id: string) => api.delete(`/api/contacts/${id}`),
    onSuccess: (_, id) => {
      toast.success(contactMessages.deleted);
      // The deleted contact's own details would only answer 404: they are dropped, not fetched again.
      const isGone = (key: readonly unknown[]) => key[1] === 'detail' && key[2] === id;
      void qc.invalidateQueries({ queryKey: ['deals'] });
      return qc.invalidateQueries({ queryKey: ['contacts'], predicate: (query) => !isGone(query.queryKey) });
    },
    onError: () => toast.error(contactMessages.deleteFailed),
  });
}
