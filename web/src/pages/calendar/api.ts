import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  calendarIntegrationSchema,
  calendarMessages,
  calendarSchema,
  type CalendarIntegration,
  type CalendarIntegrationInput,
} from '@common/calendar';
import { api } from '../../lib/api';

/** Every event starting in [from, to): one request for everything a view shows. */
export const calendarQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['calendar', from, to],
    queryFn: () => api.get(`/api/calendar?${new URLSearchParams({ from, to }).toString()}`, calendarSchema),
  });

const integrationKey = ['calendar-integration'] as const;

export const integrationQuery = () =>
  queryOptions({
    queryKey: integrationKey,
    queryFn: () => api.get('/api/calendar/integration', calendarIntegrationSchema),
  });

export function useSaveIntegration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CalendarIntegrationInput) =>
      api.put('/api/calendar/integration', input, calendarIntegrationSchema),
    onSuccess: (saved) => {
      qc.setQueryData<CalendarIntegration>(integrationKey, saved);
      toast.success(calendarMessages.integrationSaved);
    },
    onError: () => toast.error(calendarMessages.integrationSaveFailed),
  });
}

/** A new feed token: the old subscription URL stops working at once. */
export function useRegenerateFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/calendar/integration/token', {}, calendarIntegrationSchema),
    onSuccess: (saved) => {
      qc.setQueryData<CalendarIntegration>(integrationKey, saved);
      toast.success(calendarMessages.feedRegenerated);
    },
    onError: () => toast.error(calendarMessages.feedRegenerateFailed),
  });
}
