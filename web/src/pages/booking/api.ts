import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { bookingApi } from '@common/booking-api';
import { schedulingMessages, type SchedulingSettings, type SchedulingSettingsInput } from '@common/scheduling';
import { call } from '../../lib/api';
import { bookingKeys } from './keys';
import { browserTimeZone } from '../../lib/format';

const settingsKey = bookingKeys.settings();

export const schedulingSettingsQuery = () =>
  queryOptions({
    queryKey: settingsKey,
    queryFn: () => call(bookingApi.settings, { query: { timezone: browserTimeZone() } }),
  });

/**
 * One field at a time, saved at once and reported (part 1 §4). `onFailed` gets the stored settings back for
 * every failed change (not only the latest), so the screen can show them again.
 */
export function useUpdateSchedulingSettings(
  onFailed: (stored: SchedulingSettings, input: SchedulingSettingsInput) => void,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SchedulingSettingsInput) => call(bookingApi.updateSettings, { body: input }),
    onSuccess: (saved) => {
      qc.setQueryData<SchedulingSettings>(settingsKey, saved);
      toast.success(schedulingMessages.updated);
    },
    onError: (_error, input) => {
      toast.error(schedulingMessages.updateFailed);
      const stored = qc.getQueryData<SchedulingSettings>(settingsKey);
      if (stored) onFailed(stored, input);
    },
  });
}

/** The stored settings as the cache holds them now. */
export function useStoredSchedulingSettings() {
  const qc = useQueryClient();
  return () => qc.getQueryData<SchedulingSettings>(settingsKey);
}
