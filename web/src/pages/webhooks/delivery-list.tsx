import type { WebhookDelivery } from '@common/webhooks';
import {
  formatDuration,
  webhookEventLabel,
  webhookScreenMessages,
  webhookStatusLabels,
} from '@common/webhooks-screen-messages';
import { Badge, type BadgeVariant } from '../../components/badge';
import { Card } from '../../components/card';
import { formatInstant } from './format';

const statusVariants: Record<WebhookDelivery['status'], BadgeVariant> = {
  delivered: 'success',
  pending: 'warning',
  failed: 'danger',
};

/** One term and its value of a delivery's facts. */
function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex gap-1">
      <dt className="text-slate-600 dark:text-slate-400">{`${term}:`}</dt>{' '}
      <dd className="text-slate-900 dark:text-slate-100">{value}</dd>
    </div>
  );
}

/** An endpoint's deliveries, newest first: the event, its status, the receiver's answer and the attempts. */
export function DeliveryList({ deliveries }: { deliveries: WebhookDelivery[] }) {
  return (
    <Card className="p-0">
      <ul
        aria-label={webhookScreenMessages.deliveriesLabel}
        className="divide-y divide-slate-200 dark:divide-slate-800"
      >
        {deliveries.map((delivery) => (
          <li key={delivery.id} className="space-y-2 p-4">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-900 dark:text-slate-100">
                {webhookEventLabel(delivery.eventType)}
              </span>
              <code className="text-xs break-all text-slate-600 dark:text-slate-400">{delivery.eventType}</code>
              <Badge variant={statusVariants[delivery.status]}>{webhookStatusLabels[delivery.status]}</Badge>
            </div>
            <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <Fact
                term={webhookScreenMessages.responseLabel}
                value={
                  delivery.responseStatus === null ? webhookScreenMessages.noResponse : String(delivery.responseStatus)
                }
              />
              <Fact term={webhookScreenMessages.durationLabel} value={formatDuration(delivery.durationMs)} />
              <Fact term={webhookScreenMessages.attemptsLabel} value={String(delivery.attempts)} />
              <Fact
                term={webhookScreenMessages.sentLabel}
                value={formatInstant(delivery.lastAttemptAt ?? delivery.createdAt)}
              />
            </dl>
            {delivery.error && (
              <p className="text-sm break-words text-red-700 dark:text-red-400">
                {`${webhookScreenMessages.errorLabel}: ${delivery.error}`}
              </p>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
