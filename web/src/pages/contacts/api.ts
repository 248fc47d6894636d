import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { contactMessages, contactPageSchema, contactSchema, type ContactInput } from '@common/contacts';
import { countSchema } from '@common/http';
import { api } from '../../lib/api';
import { pageParams } from '../../lib/paging';

export const CONTACTS_PAGE_SIZE = 50;

/** One page of contacts after a cursor (null: the first page). */
export const contactsQuery = (cursor: string | null) =>
  queryOptions({
    queryKey: ['contacts', 'page', cursor],
    queryFn: () => api.get(`/api/contacts?${pageParams(CONTACTS_PAGE_SIZE, cursor)}`, contactPageSchema),
  });

/** The total, asked once per view rather than with every page. */
export const contactsCountQuery = () =>
  queryOptions({ queryKey: ['contacts', 'count'], queryFn: () => api.get('/api/contacts/count', countSchema) });

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
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/contacts/${id}`),
    onSuccess: () => {
      toast.success(contactMessages.deleted);
      return invalidate();
    },
    onError: () => toast.error(contactMessages.deleteFailed),
  });
}
