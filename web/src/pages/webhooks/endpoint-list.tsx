import { Link } from 'react-router';
import { ScrollText } from 'lucide-react';
import type { WebhookEndpoint } from '@common/webhooks';
import { webhookEventsSummary, webhookScreenMessages } from '@common/webhooks-screen-messages';
import { Badge } from '../../components/badge';
import { buttonClasses } from '../../components/button';
import { Card } from '../../components/card';
import { EditDeleteButtons } from '../../components/edit-delete-buttons';
import { Switch } from '../../components/switch';
import { formatInstant } from './format';

interface EndpointListProps {
  endpoints: WebhookEndpoint[];
  /** The endpoint whose switch is being saved, if any. */
  toggling: string | null;
  onToggle: (endpoint: WebhookEndpoint, enabled: boolean) => void;
  onEdit: (endpoint: WebhookEndpoint) => void;
  onDelete: (endpoint: WebhookEndpoint) => void;
}

/** The workspace's endpoints: address, description, events, on or off, failing since, and their actions. */
export function EndpointList({ endpoints, toggling, onToggle, onEdit, onDelete }: EndpointListProps) {
  return (
    <Card className="p-0">
      <ul aria-label={webhookScreenMessages.listLabel} className="divide-y divide-slate-200 dark:divide-slate-800">
        {endpoints.map((endpoint) => (
          <li key={endpoint.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0 space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/app/settings/webhooks/${endpoint.id}`}
                  className="font-mono text-sm font-medium break-all text-indigo-700 hover:underline dark:text-indigo-300"
                >
                  {endpoint.url}
                </Link>
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
            </div>
            <div className="flex shrink-0 flex-wrap items-center gap-2">
              <Switch
                checked={endpoint.enabled}
                disabled={toggling === endpoint.id}
                onCheckedChange={(enabled) => onToggle(endpoint, enabled)}
                aria-label={`${webhookScreenMessages.switchLabel} ${endpoint.url}`}
              />
              <Link
                to={`/app/settings/webhooks/${endpoint.id}`}
                className={buttonClasses('secondary', 'sm')}
                aria-label={`${webhookScreenMessages.deliveryLog} ${endpoint.url}`}
              >
                <ScrollText aria-hidden="true" className="size-4" />
                {webhookScreenMessages.deliveryLog}
              </Link>
              <EditDeleteButtons
                name={endpoint.url}
                onEdit={() => onEdit(endpoint)}
                onDelete={() => onDelete(endpoint)}
              />
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
