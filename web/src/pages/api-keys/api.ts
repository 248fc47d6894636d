import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiKeyMessages, type ApiKeyInput } from '@common/api-keys';
import { apiKeysApi } from '@common/api-keys-api';
import { call } from '../../lib/api';
import { apiKeyKeys } from './keys';

/** The member's keys in the current workspace, newest first. */
export const apiKeysQuery = () =>
  queryOptions({
    queryKey: apiKeyKeys.all,
    queryFn: async () => (await call(apiKeysApi.list)).items,
  });

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyInput) => call(apiKeysApi.create, { body: input }),
    onSuccess: () => {
      toast.success(apiKeyMessages.created);
      return qc.invalidateQueries({ queryKey: apiKeyKeys.all });
    },
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(apiKeysApi.revoke, { params: { id } }),
    onSuccess: () => {
      toast.success(apiKeyMessages.revoked);
      return qc.invalidateQueries({ queryKey: apiKeyKeys.all });
    },
    onError: () => toast.error(apiKeyMessages.revokeFailed),
  });
}
