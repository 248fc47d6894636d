import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import {
  emailAccountMessages,
  type emailAccountCreateSchema,
  type emailAccountInputSchema,
} from '@common/email-accounts';
import { emailAccountsApi } from '@common/email-accounts-api';
import { call } from '../../lib/api';
import { emailAccountKeys } from './keys';

/** What the form sends, after the schema: a password left out (edit) keeps the stored one. */
export type EmailAccountValues = z.output<typeof emailAccountInputSchema>;
/** What the Add form sends: its resolver (emailAccountCreateSchema) lets nothing through without both passwords. */
type EmailAccountCreateValues = z.output<typeof emailAccountCreateSchema>;
/** What the form holds: every password a string, empty when not typed. */
export type EmailAccountFormValues = z.input<typeof emailAccountCreateSchema>;

/** Every account of the user with both servers, oldest first (at most MAX_EMAIL_ACCOUNTS: never paged). */
export const emailAccountsQuery = () =>
  queryOptions({
    queryKey: emailAccountKeys.all,
    queryFn: async () => (await call(emailAccountsApi.list)).items,
  });

function useInvalidateAccounts() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: emailAccountKeys.all });
}

export function useCreateEmailAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (input: EmailAccountValues) =>
      call(emailAccountsApi.create, { body: input as EmailAccountCreateValues }),
    onSuccess: () => {
      toast.success(emailAccountMessages.added);
      return invalidate();
    },
    onError: () => toast.error(emailAccountMessages.saveFailed),
  });
}

export function useUpdateEmailAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: EmailAccountValues }) =>
      call(emailAccountsApi.update, { params: { id }, body: input }),
    onSuccess: () => {
      toast.success(emailAccountMessages.updated);
      return invalidate();
    },
    onError: () => toast.error(emailAccountMessages.saveFailed),
  });
}

export function useDeleteEmailAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (id: string) => call(emailAccountsApi.remove, { params: { id } }),
    onSuccess: () => {
      toast.success(emailAccountMessages.deleted);
      return invalidate();
    },
    onError: () => toast.error(emailAccountMessages.deleteFailed),
  });
}
