import { queryOptions } from '@tanstack/react-query';
import type { Workspace } from '@common/workspaces';
import { workspaceRoutes } from '@common/workspaces-routes';
import { send } from '../../lib/api';
import { workspaceKeys } from './keys';

type ListRoute = (typeof import('@common/workspaces-api'))['workspacesApi']['list'];

/**
 * The user's workspaces, the current one marked: the switcher's and the team screen's. Taken as the contract types
 * it, without zod: the switcher is on every signed-in page's first load (bench/bundle.ts); the server checks every
 * answer against the contract's schema before it sends it.
 */
export const workspacesQuery = () =>
  queryOptions({
    queryKey: workspaceKeys.list(),
    queryFn: async () => (await send<ListRoute>(workspaceRoutes.list)) as { items: Workspace[] },
  });
