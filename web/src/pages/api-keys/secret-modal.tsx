import { apiKeyMessages, type CreatedApiKey } from '@common/api-keys';
import { Button } from '../../components/button';
import { CopyField } from '../../components/copy-field';
import { Modal } from '../../components/modal';

interface SecretModalProps {
  /** The key just made; null once its dialog was closed (the secret is then gone from the page). */
  apiKey: CreatedApiKey | null;
  onClose: () => void;
}

/** The new key's secret, shown this once with a Copy button. */
export function SecretModal({ apiKey, onClose }: SecretModalProps) {
  return (
    <Modal
      open={apiKey !== null}
      onOpenChange={(open) => !open && onClose()}
      title={apiKeyMessages.secretTitle}
      description={apiKeyMessages.secretWarning}
      footer={<Button onClick={onClose}>{apiKeyMessages.done}</Button>}
    >
      {apiKey && (
        <div className="space-y-3">
          <CopyField
            label={apiKeyMessages.secretLabel}
            value={apiKey.secret}
            copiedMessage={apiKeyMessages.copied}
            copyLabel={apiKeyMessages.copyLabel}
          />
          <p className="text-sm text-slate-600 dark:text-slate-400">{apiKeyMessages.usage}</p>
        </div>
      )}
    </Modal>
  );
}
