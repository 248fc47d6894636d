import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { notificationMessages, type NotificationSettings } from '@common/notifications';
import { notificationsApi } from '@common/notifications-api';
import { call } from '../../lib/api';
import { pageQuery } from '../../lib/paging';
import { notificationKeys } from './keys';

export const NOTIFICATIONS_PAGE_SIZE = 20;

const unreadKey = notificationKeys.unread();
const listKey = notificationKeys.list();
const settingsKey = notificationKeys.settings();

/** The panel's list, newest first, "Load more" by cursor. */
export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: listKey,
    queryFn: ({ pageParam }) => call(notificationsApi.list, { query: pageQuery(NOTIFICATIONS_PAGE_SIZE, pageParam) }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  });

function useRefreshBell() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: unreadKey }), qc.invalidateQueries({ queryKey: listKey })]);
}

export function useMarkRead() {
  const refresh = useRefreshBell();
  return useMutation({
    mutationFn: (id: string) => call(notificationsApi.read, { params: { id } }),
    onError: () => toast.error(notificationMessages.markFailed),
    onSettled: refresh,
  });
}

export function useMarkAllRead() {
  const refresh = useRefreshBell();
  return useMutation({
    mutationFn: () => call(notificationsApi.readAll),
    onSuccess: () => toast.success(notificationMessages.allRead),
    onError: () => toast.error(notificationMessages.markFailed),
    onSettled: refresh,
  });
}

export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: settingsKey,
    queryFn: () => call(notificationsApi.settings),
  });

/** Each switch saves at once; shown switched meanwhile, and back as stored when the save fails. */
export function useSaveNotificationSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) => call(notificationsApi.saveSettings, { body: settings }),
    onMutate: async (settings) => {
      await qc.cancelQueries({ queryKey: settingsKey });
      const previous = qc.getQueryData<NotificationSettings>(settingsKey);
      qc.setQueryData(settingsKey, settings);
      return { previous };
    },
    onSuccess: (saved) => {
      qc.setQueryData(settingsKey, saved);
      toast.success(notificationMessages.settingsSaved, { id: 'notification-settings' });
    },
    onError: (_error, _settings, context) => {
      if (context?.previous) qc.setQueryData(settingsKey, context.previous);
      toast.error(notificationMessages.settingsFailed, { id: 'notification-settings' });
      void qc.invalidateQueries({ queryKey: settingsKey });
    },
  });
}
