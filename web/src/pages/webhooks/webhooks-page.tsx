import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Plus, Webhook } from 'lucide-react';
import type { WebhookEndpoint } from '@common/webhooks';
import { webhookScreenMessages } from '@common/webhooks-screen-messages';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmModal } from '../../components/confirm-modal';
import { EmptyState } from '../../components/empty-state';
import { SettingsScreen } from '../../components/settings-screen';
import { isApiError, refusalMessage } from '../../lib/api';
import { AdminOnly } from './admin-only';
import { useDeleteWebhook, useUpdateWebhook, webhooksQuery } from './api';
import { EndpointFormModal } from './endpoint-form-modal';
import { EndpointList } from './endpoint-list';
import { SecretModal } from './secret-modal';

type CreatedEndpoint = WebhookEndpoint & { secret: string };

/** The endpoint stays while its dialog closes, so the closing dialog keeps its content. */
interface Chosen {
  open: boolean;
  endpoint: WebhookEndpoint | null;
}

const closed: Chosen = { open: false, endpoint: null };

/** /app/settings/webhooks (issue 30): the workspace's webhook endpoints, its Owner's and Admins' to manage. */
export default function WebhooksPage() {
  const query = useQuery(webhooksQuery());
  const [editing, setEditing] = useState<Chosen>(closed);
  const [created, setCreated] = useState<CreatedEndpoint | null>(null);
  const [deleting, setDeleting] = useState<Chosen>(closed);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();

  if (isApiError(query.error, 403)) return <AdminOnly />;

  const toggle = (endpoint: WebhookEndpoint, enabled: boolean) =>
    update.mutate(
      { id: endpoint.id, change: { enabled } },
      { onError: (error) => toast.error(refusalMessage(error, webhookScreenMessages.toggleFailed)) },
    );

  const confirmDelete = () => {
    const endpoint = deleting.endpoint;
    if (!endpoint) return;
    remove.mutate(endpoint.id, { onSettled: () => setDeleting((current) => ({ ...current, open: false })) });
  };

  return (
    <SettingsScreen
      title={webhookScreenMessages.title}
      description={webhookScreenMessages.description}
      query={query}
      loadingLabel={webhookScreenMessages.loading}
      loadFailed={webhookScreenMessages.loadFailed}
    >
      {(endpoints) => (
        <>
          <div className="mb-4 flex justify-end">
            <Button onClick={() => setEditing({ open: true, endpoint: null })}>
              <Plus aria-hidden="true" className="size-4" />
              {webhookScreenMessages.add}
            </Button>
          </div>
          {endpoints.length ? (
            <EndpointList
              endpoints={endpoints}
              toggling={update.isPending ? (update.variables?.id ?? null) : null}
              onToggle={toggle}
              onEdit={(endpoint) => setEditing({ open: true, endpoint })}
              onDelete={(endpoint) => setDeleting({ open: true, endpoint })}
            />
          ) : (
            <Card>
              <EmptyState
                icon={<Webhook aria-hidden="true" className="size-6" />}
                message={webhookScreenMessages.empty}
              />
            </Card>
          )}
          <EndpointFormModal
            open={editing.open}
            onOpenChange={(open) => setEditing((current) => ({ ...current, open }))}
            endpoint={editing.endpoint}
            onCreated={setCreated}
          />
          <SecretModal endpoint={created} onClose={() => setCreated(null)} />
          <ConfirmModal
            open={deleting.open}
            onOpenChange={(open) => !remove.isPending && setDeleting((current) => ({ ...current, open }))}
            title={webhookScreenMessages.delete}
            message={webhookScreenMessages.deleteConfirm}
            detail={webhookScreenMessages.deleteConfirmDetail}
            confirmLabel={webhookScreenMessages.delete}
            pending={remove.isPending}
            onConfirm={confirmDelete}
          />
        </>
      )}
    </SettingsScreen>
  );
}
