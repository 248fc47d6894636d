import { useState } from 'react';
import { roleLabels, type Member, type Workspace } from '@common/workspaces';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmModal } from '../../components/confirm-modal';
import { useLeaveWorkspace, useTransferOwnership } from './api';
import { MemberChoiceModal } from './member-choice-modal';
import { RenameModal } from './rename-modal';

interface WorkspaceCardProps {
  workspace: Workspace;
  /** The members, when the user may read them: the Owner transfers to one of them. */
  members: Member[] | undefined;
  selfId: string | undefined;
}

type Dialog = 'rename' | 'transfer' | 'leave' | null;

/** The current workspace: its name and the user's role, with Rename, Transfer ownership or Leave workspace. */
export function WorkspaceCard({ workspace, members, selfId }: WorkspaceCardProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = (open: boolean) => !open && setDialog(null);
  const transfer = useTransferOwnership();
  const leave = useLeaveWorkspace();
  const isOwner = workspace.role === 'owner';
  const canManage = isOwner || workspace.role === 'admin';

  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h2 className="text-sm font-medium text-slate-600 dark:text-slate-400">Workspace</h2>
        <p className="text-lg font-semibold break-words text-slate-900 dark:text-slate-100">{workspace.name}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">Your role: {roleLabels[workspace.role]}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {canManage && (
          <Button variant="secondary" onClick={() => setDialog('rename')}>
            Rename
          </Button>
        )}
        {isOwner && members && (
          <Button variant="secondary" onClick={() => setDialog('transfer')}>
            Transfer ownership
          </Button>
        )}
        {!isOwner && (
          <Button variant="secondary" onClick={() => setDialog('leave')}>
            Leave workspace
          </Button>
        )}
      </div>
      <RenameModal open={dialog === 'rename'} onOpenChange={close} name={workspace.name} />
      <MemberChoiceModal
        open={dialog === 'transfer'}
        onOpenChange={close}
        title="Transfer ownership"
        message="The member you choose becomes the Owner; you stay in the workspace as an Admin."
        label="New owner"
        choices={(members ?? []).filter((member) => member.userId !== selfId)}
        confirmLabel="Transfer ownership"
        pending={transfer.isPending}
        onConfirm={(userId) => transfer.mutate(userId, { onSuccess: () => setDialog(null) })}
      />
      <ConfirmModal
        open={dialog === 'leave'}
        onOpenChange={close}
        title="Leave workspace"
        message={`Leave ${workspace.name}? You lose access to its records; the records you own stay in it.`}
        detail="To come back you need a new invitation."
        confirmLabel="Leave workspace"
        pending={leave.isPending}
        onConfirm={() => leave.mutate()}
      />
    </Card>
  );
}
