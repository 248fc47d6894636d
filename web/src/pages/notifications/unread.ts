import { queryOptions } from '@tanstack/react-query';
import type { Unread } from '@common/notifications';
import { notificationRoutes } from '@common/notifications-routes';
import { send } from '../../lib/api';
import { notificationKeys } from './keys';

/** The badge's polling period while the tab is visible. */
export const UNREAD_POLL_MS = 30_000;

type UnreadRoute = (typeof import('@common/notifications-api'))['notificationsApi']['unread'];

/**
 * The badge: polled while the tab is visible, and read again whenever the window gets the focus back. Its answer is
 * taken as the contract types it, without zod: the bell is on every signed-in page's first load (bench/bundle.ts);
 * the server checks every answer against the contract's schema before it sends it.
 */
export const unreadQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: async () => (await send<UnreadRoute>(notificationRoutes.unread)) as Unread,
    staleTime: 0,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
