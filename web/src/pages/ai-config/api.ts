import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { aiMessages, type AiConfig, type AiConfigInput } from '@common/ai-config';
import { aiConfigApi } from '@common/ai-config-api';
import { call } from '../../lib/api';
import { aiConfigKeys } from './keys';

export const aiConfigQuery = () => queryOptions({ queryKey: aiConfigKeys.all, queryFn: () => call(aiConfigApi.one) });

export function useSaveAiConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AiConfigInput) => call(aiConfigApi.save, { body: input }),
    onSuccess: (saved) => {
      qc.setQueryData<AiConfig>(aiConfigKeys.all, saved);
      toast.success(aiMessages.saved);
    },
    onError: () => toast.error(aiMessages.saveFailed),
  });
}
