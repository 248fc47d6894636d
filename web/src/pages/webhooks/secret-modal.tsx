import type { WebhookEndpoint } from '@common/webhooks';
import { webhookScreenMessages } from '@common/webhooks-screen-messages';
import { Button } from '../../components/button';
import { CopyField } from '../../components/copy-field';
import { Modal } from '../../components/modal';

interface SecretModalProps {
  /** The endpoint just added; null once its dialog was closed (the secret is then gone from the page). */
  endpoint: (WebhookEndpoint & { secret: string }) | null;
  onClose: () => void;
}

/** The new endpoint's signing secret, shown this once with a Copy button and how a receiver checks it. */
export function SecretModal({ endpoint, onClose }: SecretModalProps) {
  return (
    <Modal
      open={endpoint !== null}
      onOpenChange={(open) => !open && onClose()}
      title={webhookScreenMessages.secretTitle}
      description={webhookScreenMessages.secretWarning}
      footer={<Button onClick={onClose}>{webhookScreenMessages.done}</Button>}
    >
      {endpoint && (
        <div className="space-y-3">
          <CopyField
            label={webhookScreenMessages.secretLabel}
            value={endpoint.secret}
            copiedMessage={webhookScreenMessages.copied}
            copyLabel={webhookScreenMessages.copyLabel}
          />
          <p className="text-sm text-slate-600 dark:text-slate-400">{webhookScreenMessages.secretUsage}</p>
        </div>
      )}
    </Modal>
  );
}
