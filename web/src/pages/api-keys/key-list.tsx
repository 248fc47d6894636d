import { apiKeyAreaLabels, apiKeyAreas, apiKeyMessages, type ApiKey } from '@common/api-keys';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { formatDate } from '../../lib/format';

interface KeyListProps {
  keys: ApiKey[];
  onRevoke: (key: ApiKey) => void;
}

/** What a key may do, area by area: "Contacts: Read, Deals and pipelines: Read and write". */
function accessOf(key: ApiKey): string {
  return apiKeyAreas
    .filter((area) => key.scopes[area])
    .map(
      (area) =>
        `${apiKeyAreaLabels[area]}: ${key.scopes[area] === 'write' ? apiKeyMessages.write : apiKeyMessages.read}`,
    )
    .join(', ');
}

/** The member's keys, each with its first characters, access, dates and a Revoke button. */
export function KeyList({ keys, onRevoke }: KeyListProps) {
  return (
    <Card className="p-0">
      <ul aria-label={apiKeyMessages.title} className="divide-y divide-slate-200 dark:divide-slate-800">
        {keys.map((key) => (
          <li key={key.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0 space-y-1">
              <p className="font-medium break-words text-slate-900 dark:text-slate-100">{key.name}</p>
              <p className="font-mono text-sm text-slate-600 dark:text-slate-400">{key.prefix}…</p>
              <p className="text-sm text-slate-700 dark:text-slate-300">{accessOf(key)}</p>
              <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
                <span>{`${apiKeyMessages.createdLabel}: ${formatDate(key.createdAt)}`}</span>
                <span>{`${apiKeyMessages.lastUsed}: ${key.lastUsedAt ? formatDate(key.lastUsedAt) : apiKeyMessages.never}`}</span>
                <span>{`${apiKeyMessages.expiryLabel}: ${key.expiresAt ? formatDate(key.expiresAt) : apiKeyMessages.never}`}</span>
              </p>
            </div>
            <Button
              variant="secondary"
              aria-label={`${apiKeyMessages.revoke} ${key.name}`}
              onClick={() => onRevoke(key)}
            >
              {apiKeyMessages.revoke}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
