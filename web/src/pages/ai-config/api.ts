import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { aiConfigSchema, aiMessages, type AiConfig, type AiConfigInput } from '@common/ai-config';
import { api } from '../../lib/api';

const aiConfigKey = ['ai-config'] as const;

export const aiConfigQuery = () =>
  queryOptions({ queryKey: aiConfigKey, queryFn: () => api.get('/api/settings/ai', aiConfigSchema) });

export function useSaveAiConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AiConfigInput) => api.put('/api/settings/ai', input, aiConfigSchema),
    onSuccess: (saved) => {
      qc.setQueryData<AiConfig>(aiConfigKey, saved);
      toast.success(aiMessages.saved);
    },
    onError: () => toast.error(aiMessages.saveFailed),
  });
}
