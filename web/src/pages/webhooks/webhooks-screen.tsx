import { useParams } from 'react-router';
import WebhookDetailPage from './webhook-detail-page';
import WebhooksPage from './webhooks-page';

/**
 * /app/settings/webhooks and /app/settings/webhooks/:id, one lazy chunk: the router's every byte is on the public
 * pages' first load, and one import costs it less than two.
 */
export default function WebhooksScreen() {
  return useParams().id ? <WebhookDetailPage /> : <WebhooksPage />;
}
