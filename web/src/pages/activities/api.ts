import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { activityMessages, type ActivityInput } from '@common/activities';
import { activitiesApi } from '@common/activities-api';
import { call } from '../../lib/api';
import { dealKeys } from '../deals/keys';
import { activityKeys } from './keys';

/** A deal's activities, by due date (a deal has few; one page of 100 shows them all in practice). */
export const ACTIVITIES_LIMIT = 100;

export const activitiesQuery = (dealId: string) =>
  queryOptions({
    queryKey: activityKeys.ofDeal(dealId),
    queryFn: () => call(activitiesApi.list, { params: { dealId }, query: { limit: ACTIVITIES_LIMIT } }),
  });

/** After a change: the list, and the board, whose card shows the deal's next activity. */
function useRefresh(dealId: string) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: activityKeys.ofDeal(dealId) }),
      qc.invalidateQueries({ queryKey: dealKeys.all }),
    ]);
}

export function useCreateActivity(dealId: string) {
  const refresh = useRefresh(dealId);
  return useMutation({
    mutationFn: (input: ActivityInput) => call(activitiesApi.create, { params: { dealId }, body: input }),
    onSuccess: () => {
      toast.success(activityMessages.created);
      return refresh();
    },
    onError: () => toast.error(activityMessages.createFailed),
  });
}

export function useCompleteActivity(dealId: string) {
  const refresh = useRefresh(dealId);
  return useMutation({
    mutationFn: (id: string) => call(activitiesApi.complete, { params: { dealId, id } }),
    onSuccess: () => {
      toast.success(activityMessages.completed);
      return refresh();
    },
    onError: () => toast.error(activityMessages.completeFailed),
  });
}

export function useDeleteActivity(dealId: string) {
  const refresh = useRefresh(dealId);
  return useMutation({
    mutationFn: (id: string) => call(activitiesApi.remove, { params: { dealId, id } }),
    onSuccess: () => {
      toast.success(activityMessages.deleted);
      return refresh();
    },
    onError: () => toast.error(activityMessages.deleteFailed),
  });
}
