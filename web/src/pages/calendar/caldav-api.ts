import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  caldavMessages,
  type CaldavConnectionAnswer,
  type CaldavSaveInput,
  type CaldavTestInput,
} from '@common/calendar-caldav';
import { caldavApi } from '@common/calendar-caldav-api';
import { call, refusalMessage } from '../../lib/api';
import { calendarKeys } from './keys';

const caldavKey = calendarKeys.caldav();

/** The user's CalDAV connection, or null; the app password only masked. */
export const caldavQuery = () =>
  queryOptions({
    queryKey: caldavKey,
    queryFn: () => call(caldavApi.connection),
  });

/** "Test connection": the account's calendars, nothing saved. The form shows a refusal under its field. */
export function useTestCaldav() {
  return useMutation({
    mutationFn: (input: CaldavTestInput) => call(caldavApi.test, { body: input }),
  });
}

export function useSaveCaldav() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CaldavSaveInput) => call(caldavApi.save, { body: input }),
    onSuccess: (saved) => {
      qc.setQueryData<CaldavConnectionAnswer>(caldavKey, saved);
      toast.success(caldavMessages.saved);
    },
    onError: (error) => toast.error(refusalMessage(error, caldavMessages.saveFailed)),
  });
}

export function useDisconnectCaldav() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(caldavApi.disconnect),
    onSuccess: (result) => {
      qc.setQueryData<CaldavConnectionAnswer>(caldavKey, { connection: null });
      if (result.serverReached) toast.success(caldavMessages.disconnected);
      else toast(caldavMessages.disconnectedUnreachable, { duration: 8000 });
    },
    onError: () => toast.error(caldavMessages.disconnectFailed),
  });
}
