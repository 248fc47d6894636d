import { INVITATION_DAYS, roleLabels, type AssignableRole } from '@common/workspaces';
import type { ProductMessage } from '../../product-mail';

/** The invitation mailed to an address by the product's own mail. */
export function invitationMail(
  to: string,
  invite: { workspaceName: string; invitedBy: string | null; role: AssignableRole; link: string },
): ProductMessage {
  const who = invite.invitedBy ?? 'A colleague';
  return {
    to: [{ address: to }],
    subject: `${who} invited you to ${invite.workspaceName} on Pipewise`,
    text: [
      `${who} invited you to join the workspace ${invite.workspaceName} on Pipewise as ${roleLabels[invite.role]}.`,
      '',
      `Accept the invitation: ${invite.link}`,
      '',
      `The link works once, for ${INVITATION_DAYS} days. If you did not expect it, ignore this mail.`,
    ].join('\n'),
  };
}
