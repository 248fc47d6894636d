import { useId, useState } from 'react';
import { Trash2 } from 'lucide-react';
import { teamMessages, type Workspace } from '@common/workspaces';
import { Button } from '../../components/button';
import { DeleteWorkspaceModal } from './delete-workspace-modal';

/**
 * The Owner's irreversible action, set apart at the foot of the team screen in red: deleting the workspace. A card
 * of its own rather than the kit's Card, whose border and title colours a class added beside them would not replace.
 */
export function DangerZone({ workspace }: { workspace: Workspace }) {
  const [deleting, setDeleting] = useState(false);
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-red-300 bg-white shadow-sm dark:border-red-500/40 dark:bg-slate-900"
    >
      <div className="border-b border-red-200 px-5 py-4 dark:border-red-500/30">
        <h2 id={headingId} className="text-base font-semibold text-red-700 dark:text-red-400">
          {teamMessages.dangerZone}
        </h2>
      </div>
      <div className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700 dark:text-slate-300">{teamMessages.deleteWorkspaceWhat}</p>
        <Button variant="danger" className="self-start sm:self-center" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          {teamMessages.deleteWorkspace}
        </Button>
      </div>
      <DeleteWorkspaceModal open={deleting} onOpenChange={setDeleting} workspace={workspace} />
    </section>
  );
}
