import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  markedSchema,
  notificationMessages,
  notificationPageSchema,
  notificationSchema,
  notificationSettingsSchema,
  unreadSchema,
  type NotificationSettings,
} from '@common/notifications';
import { api } from '../../lib/api';
import { pageParams } from '../../lib/paging';

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The badge's polling period while the tab is visible. */
export const UNREAD_POLL_MS = 30_000;

const unreadKey = ['notifications', 'unread'] as const;
const listKey = ['notifications', 'list'] as const;
const settingsKey = ['notifications', 'settings'] as const;

/** The badge: polled while the tab is visible, and read again whenever the window gets the focus back. */
export const unreadQuery = () =>
  queryOptions({
    queryKey: unreadKey,
    queryFn: () => api.get('/api/notifications/unread', unreadSchema),
    staleTime: 0,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });

/** The panel's list, newest first, "Load more" by cursor. */
export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: listKey,
    queryFn: ({ pageParam }) =>
      api.get(`/api/notifications?${pageParams(NOTIFICATIONS_PAGE_SIZE, pageParam)}`, notificationPageSchema),
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
    mutationFn: (id: string) => api.post(`/api/notifications/${encodeURIComponent(id)}/read`, {}, notificationSchema),
    onError: () => toast.error(notificationMessages.markFailed),
    onSettled: refresh,
  });
}

export function useMarkAllRead() {
  const refresh = useRefreshBell();
  return useMutation({
    mutationFn: () => api.post('/api/notifications/read-all', {}, markedSchema),
    onSuccess: () => toast.success(notificationMessages.allRead),
    onError: () => toast.error(notificationMessages.markFailed),
    onSettled: refresh,
  });
}

export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: settingsKey,
    queryFn: () => api.get('/api/notifications/settings', notificationSettingsSchema),
  });

/** Each switch saves at once; shown switched meanwhile, and back as stored when the save fails. */
export function useSaveNotificationSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      api.put('/api/notifications/settings', settings, notificationSettingsSchema),
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
