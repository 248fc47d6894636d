import { teamMessages, workspaceMessages, type InvitationSent } from '@common/workspaces';
import { Button } from '../../components/button';
import { CopyField } from '../../components/copy-field';
import { Modal } from '../../components/modal';

interface InvitationLinkModalProps {
  /** An invitation this server could not mail, with its link; none: the dialog is closed. */
  sent: InvitationSent | null;
  onClose: () => void;
}

/** The link of an invitation that was not mailed, for the Admin to copy and send. */
export function InvitationLinkModal({ sent, onClose }: InvitationLinkModalProps) {
  return (
    <Modal
      open={sent !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Invitation link"
      description={workspaceMessages.mailUnavailable}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      {sent?.link && (
        <div className="space-y-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            For <span className="font-medium break-all">{sent.invitation.email}</span>
          </p>
          <CopyField
            label="Invitation link"
            value={sent.link}
            copiedMessage={teamMessages.linkCopied}
            copyLabel="Copy invitation link"
          />
        </div>
      )}
    </Modal>
  );
}
