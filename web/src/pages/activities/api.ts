import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { activityMessages, activityPageSchema, activitySchema, type ActivityInput } from '@common/activities';
import { api } from '../../lib/api';

/** A deal's activities, by due date (a deal has few; one page of 100 shows them all in practice). */
export const ACTIVITIES_LIMIT = 100;

export const activitiesQuery = (dealId: string) =>
  queryOptions({
    queryKey: ['activities', dealId],
    queryFn: () => api.get(`/api/deals/${dealId}/activities?limit=${ACTIVITIES_LIMIT}`, activityPageSchema),
  });

/** After a change: the list, and the board, whose card shows the deal's next activity. */
function useRefresh(dealId: string) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['activities', dealId] }),
      qc.invalidateQueries({ queryKey: ['deals'] }),
    ]);
}

export function useCreateActivity(dealId: string) {
  const refresh = useRefresh(dealId);
  return useMutation({
    mutationFn: (input: ActivityInput) => api.post(`/api/deals/${dealId}/activities`, input, activitySchema),
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
    mutationFn: (id: string) => api.post(`/api/deals/${dealId}/activities/${id}/complete`, {}, activitySchema),
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
    mutationFn: (id: string) => api.delete(`/api/deals/${dealId}/activities/${id}`),
    onSuccess: () => {
      toast.success(activityMessages.deleted);
      return refresh();
    },
    onError: () => toast.error(activityMessages.deleteFailed),
  });
}
