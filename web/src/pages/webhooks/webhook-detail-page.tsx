import { Link, useParams } from 'react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ArrowLeft, RefreshCw, ScrollText, Send } from 'lucide-react';
import { webhookEventsSummary, webhookScreenMessages } from '@common/webhooks-screen-messages';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PagedList } from '../../components/paged-list';
import { PageTitle } from '../../components/page-title';
import { SettingsScreen } from '../../components/settings-screen';
import { isApiError } from '../../lib/api';
import { deliveriesQuery, useSendTestEvent, webhooksQuery } from './api';
import { DeliveryList } from './delivery-list';
import { formatInstant } from './format';
import { AdminOnly } from './admin-only';

const backLink = (
  <Link
    to="/app/settings/webhooks"
    className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
  >
    <ArrowLeft aria-hidden="true" className="size-4" />
    {webhookScreenMessages.back}
  </Link>
);

/** /app/settings/webhooks/:id: one endpoint and its delivery log, with "Send test event". */
export default function WebhookDetailPage() {
  const { id = '' } = useParams();
  const endpoints = useQuery(webhooksQuery());
  const deliveries = useInfiniteQuery(deliveriesQuery(id));
  const test = useSendTestEvent(id);

  if (isApiError(endpoints.error, 403)) return <AdminOnly />;
  const endpoint = endpoints.data?.find((item) => item.id === id);
  const refreshing = deliveries.isRefetching || endpoints.isRefetching;

  if (endpoints.data && !endpoint) {
    return (
      <div className="max-w-3xl">
        {backLink}
        <PageTitle title={webhookScreenMessages.deliveryLog} />
        <Card>
          <EmptyState message={webhookScreenMessages.notFound} />
        </Card>
      </div>
    );
  }

  return (
    <SettingsScreen
      title={webhookScreenMessages.deliveryLog}
      query={endpoints}
      loadingLabel={webhookScreenMessages.loading}
      loadFailed={webhookScreenMessages.loadFailed}
    >
      {() =>
        endpoint && (
          <div className="space-y-6">
            <div className="-mt-4">{backLink}</div>
            <Card className="space-y-1 p-4">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="font-mono text-sm font-medium break-all text-slate-900 dark:text-slate-100">
                  {endpoint.url}
                </h2>
                <Badge variant={endpoint.enabled ? 'success' : 'default'}>
                  {endpoint.enabled ? webhookScreenMessages.enabled : webhookScreenMessages.disabled}
                </Badge>
              </div>
              {endpoint.description && (
                <p className="text-sm break-words text-slate-800 dark:text-slate-200">{endpoint.description}</p>
              )}
              <p className="text-sm text-slate-600 dark:text-slate-400">{webhookEventsSummary(endpoint.events)}</p>
              {endpoint.failingSince && (
                <p className="text-sm font-medium text-red-700 dark:text-red-400">
                  {`${webhookScreenMessages.failingSince}: ${formatInstant(endpoint.failingSince)}`}
                </p>
              )}
            </Card>
            <section aria-labelledby="webhook-deliveries-title" className="space-y-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id="webhook-deliveries-title" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
                  {webhookScreenMessages.deliveriesTitle}
                </h2>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    loading={refreshing}
                    onClick={() => {
                      void endpoints.refetch();
                      void deliveries.refetch();
                    }}
                  >
                    <RefreshCw aria-hidden="true" className="size-4" />
                    {webhookScreenMessages.refresh}
                  </Button>
                  <Button loading={test.isPending} onClick={() => test.mutate()}>
                    <Send aria-hidden="true" className="size-4" />
                    {webhookScreenMessages.sendTest}
                  </Button>
                </div>
              </div>
              <PagedList
                query={deliveries}
                loadingLabel={webhookScreenMessages.deliveriesLoading}
                loadFailed={webhookScreenMessages.deliveriesLoadFailed}
                toastId="webhook-deliveries-load"
                empty={
                  <EmptyState
                    icon={<ScrollText aria-hidden="true" className="size-6" />}
                    message={webhookScreenMessages.deliveriesEmpty}
                  />
                }
              >
                {(rows) => <DeliveryList deliveries={rows} />}
              </PagedList>
            </section>
          </div>
        )
      }
    </SettingsScreen>
  );
}
