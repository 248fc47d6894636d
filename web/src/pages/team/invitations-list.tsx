import { useState } from 'react';
import { roleLabels, teamMessages, type Invitation, type InvitationSent } from '@common/workspaces';
import { Button } from '../../components/button';
import { ConfirmModal } from '../../components/confirm-modal';
import { EmptyState } from '../../components/empty-state';
import { formatDate } from '../../lib/format';
import { useResendInvitation, useRevokeInvitation } from './api';

interface InvitationsListProps {
  invitations: Invitation[];
  /** A resent invitation this server could not mail: its new link is shown to copy. */
  onLinkRenewed: (sent: InvitationSent) => void;
}

const detail = 'text-sm text-slate-600 dark:text-slate-400';

/** The pending invitations, each with Resend and Revoke. */
export function InvitationsList({ invitations, onLinkRenewed }: InvitationsListProps) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  if (invitations.length === 0) return <EmptyState message={teamMessages.noInvitations} className="py-8" />;

  return (
    <>
      <ul aria-label="Pending invitations" className="divide-y divide-slate-200 dark:divide-slate-800">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:gap-4">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-slate-900 dark:text-slate-100" title={invitation.email}>
                {invitation.email}
              </p>
              <p className={detail}>
                {roleLabels[invitation.role]}
                {invitation.invitedBy && ` · Invited by ${invitation.invitedBy}`}
                {` · Expires ${formatDate(invitation.expiresAt)}`}
              </p>
            </div>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Resend invitation to ${invitation.email}`}
                loading={resend.isPending && resend.variables === invitation.id}
                onClick={() =>
                  resend.mutate(invitation.id, {
                    onSuccess: (sent) => !sent.mailed && sent.link && onLinkRenewed(sent),
                  })
                }
              >
                Resend
              </Button>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Revoke invitation to ${invitation.email}`}
                onClick={() => setRevoking(invitation)}
              >
                Revoke
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmModal
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke invitation"
        message={`Revoke the invitation to ${revoking?.email ?? ''}? Its link stops working.`}
        confirmLabel="Revoke invitation"
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) })}
      />
    </>
  );
}
