import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { z } from 'zod';
import {
  emailCheckResultSchema,
  emailDetailSchema,
  type ComposeDraft,
  emailFolderListSchema,
  emailFolderMessages,
  emailFolderSchema,
  emailListItemSchema,
  emailPageSchema,
  type EmailFolder,
  type EmailPatch,
} from '@common/email';
import { countSchema } from '@common/http';
import { api, refusalMessage } from '../../lib/api';
import { pageParams } from '../../lib/paging';

export const EMAIL_PAGE_SIZE = 25;
/** The Emails section of a contact or a deal: its newest messages, a page at a time. */
export const RELATED_EMAILS_PAGE_SIZE = 10;

/** What a list shows: one of the five folders or a custom folder (by id), searched on the server with `q`. */
export type MailboxView = { folder: EmailFolder } | { customFolderId: string };

const emailKey = ['email'] as const;

export const emailListQuery = (view: MailboxView, q: string, cursor: string | null) =>
  queryOptions({
    queryKey: [...emailKey, 'list', view, q, cursor],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams(pageParams(EMAIL_PAGE_SIZE, cursor));
      if ('folder' in view) params.set('folder', view.folder);
      else params.set('customFolderId', view.customFolderId);
      if (q) params.set('q', q);
      return api.get(`/api/email/messages?${params}`, emailPageSchema, signal);
    },
  });

export const emailDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...emailKey, 'detail', id],
    queryFn: () => api.get(`/api/email/messages/${encodeURIComponent(id)}`, emailDetailSchema),
  });

/** Every custom folder of the user, by name (at most MAX_EMAIL_FOLDERS: never paged). */
export const emailFoldersQuery = () =>
  queryOptions({
    queryKey: [...emailKey, 'folders'],
    queryFn: async () => (await api.get('/api/email/folders', emailFolderListSchema)).items,
  });

export const emailUnreadQuery = () =>
  queryOptions({ queryKey: [...emailKey, 'unread'], queryFn: () => api.get('/api/email/unread', countSchema) });

/** The mail of a contact, or of a deal's contact, newest first. */
export const relatedEmailsQuery = (owner: { contactId: string } | { dealId: string }, cursor: string | null) =>
  queryOptions({
    queryKey: [...emailKey, 'related', owner, cursor],
    queryFn: () => {
      const path =
        'contactId' in owner
          ? `/api/contacts/${encodeURIComponent(owner.contactId)}/emails`
          : `/api/deals/${encodeURIComponent(owner.dealId)}/emails`;
      return api.get(`${path}?${pageParams(RELATED_EMAILS_PAGE_SIZE, cursor)}`, emailPageSchema);
    },
  });

function useInvalidateEmail() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: emailKey });
}

/** Star, read/unread, or a move to a folder or a custom folder; every list and count follows. */
export function useUpdateEmail() {
  const invalidate = useInvalidateEmail();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: EmailPatch }) =>
      api.patch(`/api/email/messages/${encodeURIComponent(id)}`, patch, emailListItemSchema),
    onSuccess: () => invalidate(),
    onError: (error) => toast.error(refusalMessage(error, 'Failed to update the email')),
  });
}

/** Deleted for good: the message and its attachments. */
export function useDeleteEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/email/messages/${encodeURIComponent(id)}`),
    onSuccess: (_, id) => {
      toast.success('Email deleted');
      // Its own detail would only answer 404: dropped, not fetched again.
      qc.removeQueries({ queryKey: [...emailKey, 'detail', id] });
      return qc.invalidateQueries({ queryKey: emailKey });
    },
    onError: () => toast.error('Failed to delete the email'),
  });
}

export function useCreateFolder() {
  const invalidate = useInvalidateEmail();
  return useMutation({
    mutationFn: (name: string) => api.post('/api/email/folders', { name }, emailFolderSchema),
    onSuccess: () => {
      toast.success(emailFolderMessages.created);
      return invalidate();
    },
  });
}

export function useRenameFolder() {
  const invalidate = useInvalidateEmail();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.put(`/api/email/folders/${encodeURIComponent(id)}`, { name }, emailFolderSchema),
    onSuccess: () => {
      toast.success(emailFolderMessages.renamed);
      return invalidate();
    },
  });
}

/** The folder goes; its messages go back to the Inbox. */
export function useDeleteFolder() {
  const invalidate = useInvalidateEmail();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/email/folders/${encodeURIComponent(id)}`),
    onSuccess: () => {
      toast.success(emailFolderMessages.deleted);
      return invalidate();
    },
    onError: (error) => toast.error(refusalMessage(error, 'Failed to delete the folder')),
  });
}

/** POST /api/email/check: what each account fetched, or why it could not. */

/** Fetches new mail of every account; the lists and counts are read again whatever the outcome. */
export function useCheckMail() {
  const invalidate = useInvalidateEmail();
  return useMutation({
    mutationFn: () => api.post('/api/email/check', {}, emailCheckResultSchema),
    onSettled: () => invalidate(),
  });
}

/** Sends through the account's SMTP server; the sent copy lands in Sent. Failures are shown by the form. */
export function useSendEmail() {
  const invalidate = useInvalidateEmail();
  return useMutation({
    mutationFn: (input: ComposeDraft) => api.post('/api/email/send', input, z.object({ id: z.string() })),
    onSuccess: () => invalidate(),
  });
}
