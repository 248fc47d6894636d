import { Command } from 'cmdk';
import { CheckSquare, ClipboardList, FolderKanban, Handshake, User, type LucideIcon } from 'lucide-react';
import { searchKindLabels, searchKinds, searchMessages, type SearchHit, type SearchKind } from '@common/search';
import { Spinner } from '../components/spinner';
import { Highlighted } from './highlighted';
import { groupClasses, MenuItem } from './menu-item';

export const kindIcons: Record<SearchKind, LucideIcon> = {
  contact: User,
  deal: Handshake,
  project: FolderKanban,
  task: CheckSquare,
  form: ClipboardList,
};

/** cmdk's value of a hit: unique across kinds. */
export const hitValue = (hit: SearchHit) => `${hit.kind}:${hit.id}`;

interface SearchHitsProps {
  query: string;
  hits: SearchHit[] | undefined;
  loading: boolean;
  failed: boolean;
  onOpen: (hit: SearchHit) => void;
}

/** The server's hits grouped by kind, the typed text marked; or the search's loading, failure or empty state. */
export function SearchHits({ query, hits, loading, failed, onOpen }: SearchHitsProps) {
  if (loading) {
    return (
      <div className="flex items-center gap-2 px-3 py-3 text-sm text-slate-600 dark:text-slate-400">
        <Spinner />
        <span role="status">Searching...</span>
      </div>
    );
  }
  if (failed) {
    return (
      <p role="alert" className="px-3 py-3 text-sm text-red-700 dark:text-red-400">
        {searchMessages.failed}
      </p>
    );
  }
  if (!hits) return null;
  if (hits.length === 0) {
    return (
      <p role="status" className="px-3 py-3 text-sm text-slate-600 dark:text-slate-400">
        {searchMessages.empty}
      </p>
    );
  }
  return (
    <>
      {searchKinds.map((kind) => {
        const ofKind = hits.filter((hit) => hit.kind === kind);
        if (ofKind.length === 0) return null;
        const Icon = kindIcons[kind];
        return (
          <Command.Group key={kind} heading={searchKindLabels[kind]} className={groupClasses}>
            {ofKind.map((hit) => (
              <MenuItem
                key={hit.id}
                value={hitValue(hit)}
                icon={<Icon className="size-4" />}
                onSelect={() => onOpen(hit)}
                detail={hit.subtitle && <Highlighted text={hit.subtitle} query={query} />}
              >
                <Highlighted text={hit.title} query={query} />
              </MenuItem>
            ))}
          </Command.Group>
        );
      })}
    </>
  );
}
