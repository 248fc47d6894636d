import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { webhookMessages, type WebhookEndpointInput } from '@common/webhooks';
import { webhooksApi } from '@common/webhooks-api';
import { webhookScreenMessages } from '@common/webhooks-screen-messages';
import { call, refusalMessage } from '../../lib/api';
import { pageQuery } from '../../lib/paging';
import { webhookKeys } from './keys';

const DELIVERIES_PAGE_SIZE = 20;

/** The workspace's endpoints, newest first. */
export const webhooksQuery = () => queryOptions({ queryKey: webhookKeys.all, queryFn: () => call(webhooksApi.list) });

/** One endpoint's deliveries, newest first, a page at a time. */
export const deliveriesQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ pageParam }) =>
      call(webhooksApi.deliveries, { params: { id }, query: pageQuery(DELIVERIES_PAGE_SIZE, pageParam) }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookEndpointInput) => call(webhooksApi.create, { body: input }),
    onSuccess: () => {
      toast.success(webhookMessages.created);
      return qc.invalidateQueries({ queryKey: webhookKeys.all });
    },
  });
}

type WebhookChange = Partial<WebhookEndpointInput> & { enabled?: boolean };

/** Saves an edit, or turns the endpoint on or off (`enabled` alone). */
export function useUpdateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: WebhookChange }) =>
      call(webhooksApi.update, { params: { id }, body: change }),
    onSuccess: () => {
      toast.success(webhookMessages.updated);
      return qc.invalidateQueries({ queryKey: webhookKeys.all });
    },
  });
}

export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(webhooksApi.remove, { params: { id } }),
    onSuccess: () => {
      toast.success(webhookMessages.deleted);
      return qc.invalidateQueries({ queryKey: webhookKeys.all });
    },
    onError: (error) => toast.error(refusalMessage(error, webhookScreenMessages.deleteFailed)),
  });
}

/** Queues a `webhook.test` delivery; the log shows it once refreshed. */
export function useSendTestEvent(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(webhooksApi.test, { params: { id } }),
    onSuccess: () => {
      toast.success(webhookMessages.testSent);
      return qc.invalidateQueries({ queryKey: webhookKeys.deliveries(id) });
    },
    onError: (error) => toast.error(refusalMessage(error, webhookScreenMessages.testFailed)),
  });
}
