import { useCallback } from 'react';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { emailFolderMessages, type ComposeDraft, type EmailFolder, type EmailPatch } from '@common/email';
import { emailApi } from '@common/email-api';
import { call, refusalMessage } from '../../lib/api';
import { pageQuery } from '../../lib/paging';
import { emailKeys } from './keys';

export const EMAIL_PAGE_SIZE = 25;
/** The Emails section of a contact or a deal: its newest messages, a page at a time. */
export const RELATED_EMAILS_PAGE_SIZE = 10;

/** What a list shows: one of the five folders or a custom folder (by id), searched on the server with `q`. */
export type MailboxView = { folder: EmailFolder } | { customFolderId: string };

export const emailListQuery = (view: MailboxView, q: string, cursor: string | null) =>
  queryOptions({
    queryKey: emailKeys.list(view, q, cursor),
    queryFn: ({ signal }) =>
      call(emailApi.list, { query: { ...pageQuery(EMAIL_PAGE_SIZE, cursor), ...view, q: q || undefined }, signal }),
  });

export const emailDetailQuery = (id: string) =>
  queryOptions({
    queryKey: emailKeys.detail(id),
    queryFn: () => call(emailApi.one, { params: { id } }),
  });

/** Every custom folder of the user, by name (at most MAX_EMAIL_FOLDERS: never paged). */
export const emailFoldersQuery = () =>
  queryOptions({
    queryKey: emailKeys.folders(),
    queryFn: async () => (await call(emailApi.folders)).items,
  });

export const emailUnreadQuery = () =>
  queryOptions({ queryKey: emailKeys.unread(), queryFn: () => call(emailApi.unread) });

/** The mail of a contact, or of a deal's contact, newest first. */
export const relatedEmailsQuery = (owner: { contactId: string } | { dealId: string }, cursor: string | null) =>
  queryOptions({
    queryKey: emailKeys.related(owner, cursor),
    queryFn: () => {
      const query = pageQuery(RELATED_EMAILS_PAGE_SIZE, cursor);
      return 'contactId' in owner
        ? call(emailApi.contactEmails, { params: { id: owner.contactId }, query })
        : call(emailApi.dealEmails, { params: { id: owner.dealId }, query });
    },
  });

export function useInvalidateEmail() {
  const qc = useQueryClient();
  return useCallback(() => qc.invalidateQueries({ queryKey: emailKeys.all }), [qc]);
}

/** Star, read/unread, or a move to a folder or a custom folder; every list and count follows. */
export function useUpdateEmail() {
  const invalidate = useInvalidateEmail();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: EmailPatch }) =>
      call(emailApi.update, { params: { id }, body: patch }),
    onSuccess: () => invalidate(),
    onError: (error) => toast.error(refusalMessage(error, 'Failed to update the email')),
  });
}

/** Deleted for good: the message and its attachments. */
export function useDeleteEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(emailApi.remove, { params: { id } }),
    onSuccess: (_, id) => {
      toast.success('Email deleted');
      // Its own detail would only answer 404: dropped, not fetched again.
      qc.removeQueries({ queryKey: emailKeys.detail(id) });
      return qc.invalidateQueries({ queryKey: emailKeys.all });
    },
    onError: () => toast.error('Failed to delete the email'),
  });
}

export function useCreateFolder() {
  const invalidate = useInvalidateEmail();
  return useMutation({
    mutationFn: (name: string) => call(emailApi.createFolder, { body: { name } }),
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
      call(emailApi.renameFolder, { params: { id }, body: { name } }),
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
    mutationFn: (id: string) => call(emailApi.removeFolder, { params: { id } }),
    onSuccess: () => {
      toast.success(emailFolderMessages.deleted);
      return invalidate();
    },
    onError: (error) => toast.error(refusalMessage(error, 'Failed to delete the folder')),
  });
}

/** How often the screen asks where a running 'Check Mail' is. */
const CHECK_POLL_MS = 1_000;

/** Where the user's 'Check Mail' is, account by account: read again every second while it runs. */
export const emailCheckQuery = () =>
  queryOptions({
    queryKey: emailKeys.check(),
    queryFn: ({ signal }) => call(emailApi.checkStatus, { query: {}, signal }),
    refetchInterval: (query) => (query.state.data?.running ? CHECK_POLL_MS : false),
  });

/** Queues a check of every account; the server answers at once with where they are, which the poll then follows. */
export function useCheckMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(emailApi.check, { body: {} }),
    onSuccess: (status) => queryClient.setQueryData(emailKeys.check(), status),
  });
}

/** Sends through the account's SMTP server; the sent copy lands in Sent. Failures are shown by the form. */
export function useSendEmail() {
  const invalidate = useInvalidateEmail();
  return useMutation({
    mutationFn: (input: ComposeDraft) => call(emailApi.send, { body: input }),
    onSuccess: () => invalidate(),
  });
}
