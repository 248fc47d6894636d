import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { calendarMessages, type CalendarIntegration, type CalendarIntegrationInput } from '@common/calendar';
import { calendarApi } from '@common/calendar-api';
import { call } from '../../lib/api';
import { browserTimeZone } from '../../lib/format';
import { calendarKeys } from './keys';

/**
 * Every event starting in [from, to): one request for everything a view shows. The month view asks for `perDay` of
 * each kind a day (of the viewer's days) and each day's counts; the week and day views for all of them.
 */
export const calendarQuery = (from: string, to: string, perDay?: number) =>
  queryOptions({
    queryKey: calendarKeys.range(from, to, perDay),
    queryFn: () =>
      call(calendarApi.range, { query: perDay ? { from, to, perDay, tz: browserTimeZone() } : { from, to } }),
  });

const integrationKey = calendarKeys.integration();

export const integrationQuery = () =>
  queryOptions({
    queryKey: integrationKey,
    queryFn: () => call(calendarApi.integration),
  });

export function useSaveIntegration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CalendarIntegrationInput) => call(calendarApi.saveIntegration, { body: input }),
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
    mutationFn: () => call(calendarApi.regenerateFeed),
    onSuccess: (saved) => {
      qc.setQueryData<CalendarIntegration>(integrationKey, saved);
      toast.success(calendarMessages.feedRegenerated);
    },
    onError: () => toast.error(calendarMessages.feedRegenerateFailed),
  });
}
