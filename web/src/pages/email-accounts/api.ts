import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import {
  emailAccountListSchema,
  emailAccountMessages,
  emailAccountSchema,
  type emailAccountCreateSchema,
  type emailAccountInputSchema,
} from '@common/email-accounts';
import { api } from '../../lib/api';

/** What the form sends, after the schema: a password left out (edit) keeps the stored one. */
export type EmailAccountValues = z.output<typeof emailAccountInputSchema>;
/** What the form holds: every password a string, empty when not typed. */
export type EmailAccountFormValues = z.input<typeof emailAccountCreateSchema>;

const accountsKey = ['email-accounts'] as const;

/** Every account of the user with both servers, oldest first (at most MAX_EMAIL_ACCOUNTS: never paged). */
export const emailAccountsQuery = () =>
  queryOptions({
    queryKey: accountsKey,
    queryFn: async () => (await api.get('/api/email-accounts', emailAccountListSchema)).items,
  });

function useInvalidateAccounts() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: accountsKey });
}

export function useCreateEmailAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (input: EmailAccountValues) => api.post('/api/email-accounts', input, emailAccountSchema),
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
      api.put(`/api/email-accounts/${id}`, input, emailAccountSchema),
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
    mutationFn: (id: string) => api.delete(`/api/email-accounts/${id}`),
    onSuccess: () => {
      toast.success(emailAccountMessages.deleted);
      return invalidate();
    },
    onError: () => toast.error(emailAccountMessages.deleteFailed),
  });
}
