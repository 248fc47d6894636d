import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, Plus } from 'lucide-react';
import { apiKeyMessages, type ApiKey, type CreatedApiKey } from '@common/api-keys';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmModal } from '../../components/confirm-modal';
import { EmptyState } from '../../components/empty-state';
import { SettingsScreen } from '../../components/settings-screen';
import { apiKeysQuery, useRevokeApiKey } from './api';
import { CreateKeyModal } from './create-key-modal';
import { KeyList } from './key-list';
import { SecretModal } from './secret-modal';

/** The key stays while its dialog closes, so the closing dialog keeps its content. */
interface Revoking {
  open: boolean;
  key: ApiKey | null;
}

/** /app/settings/api-keys (issue 30): the member's API keys in the current workspace. */
export default function ApiKeysPage() {
  const query = useQuery(apiKeysQuery());
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<Revoking>({ open: false, key: null });
  const revoke = useRevokeApiKey();

  const confirmRevoke = () => {
    const key = revoking.key;
    if (!key) return;
    revoke.mutate(key.id, { onSettled: () => setRevoking((current) => ({ ...current, open: false })) });
  };

  return (
    <SettingsScreen
      title={apiKeyMessages.title}
      description={apiKeyMessages.description}
      query={query}
      loadingLabel={apiKeyMessages.loading}
      loadFailed={apiKeyMessages.loadFailed}
    >
      {(keys) => (
        <>
          <div className="mb-4 flex justify-end">
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="size-4" />
              {apiKeyMessages.create}
            </Button>
          </div>
          {keys.length ? (
            <KeyList keys={keys} onRevoke={(key) => setRevoking({ open: true, key })} />
          ) : (
            <Card>
              <EmptyState icon={<KeyRound aria-hidden="true" className="size-6" />} message={apiKeyMessages.empty} />
            </Card>
          )}
          <CreateKeyModal open={creating} onOpenChange={setCreating} onCreated={setCreated} />
          <SecretModal apiKey={created} onClose={() => setCreated(null)} />
          <ConfirmModal
            open={revoking.open}
            onOpenChange={(open) => !revoke.isPending && setRevoking((current) => ({ ...current, open }))}
            title={apiKeyMessages.revoke}
            message={apiKeyMessages.revokeConfirm}
            detail={apiKeyMessages.revokeConfirmDetail}
            confirmLabel={apiKeyMessages.revoke}
            pending={revoke.isPending}
            onConfirm={confirmRevoke}
          />
        </>
      )}
    </SettingsScreen>
  );
}
