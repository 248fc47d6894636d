import { z } from 'zod';

export { teamMessages } from './team-messages';

/** A member's part in a workspace: one Owner; Admins manage members, invitations, pipelines and the workspace. */
export const workspaceRoles = ['owner', 'admin', 'member'] as const;
export type WorkspaceRole = (typeof workspaceRoles)[number];
export const roleLabels: Record<WorkspaceRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** The roles an invitation or a role change may give: the Owner's is only handed over by a transfer. */
export const assignableRoles = ['admin', 'member'] as const;
export type AssignableRole = (typeof assignableRoles)[number];

/** Which records of the workspace a member sees, set by an Admin. */
export const recordVisibilities = ['all', 'own'] as const;
export type RecordVisibility = (typeof recordVisibilities)[number];
export const visibilityLabels: Record<RecordVisibility, string> = {
  all: 'All records of the workspace',
  own: 'Only records they own or are assigned to',
};

/** An invitation link works for this long. */
export const INVITATION_DAYS = 7;
/** Invitations (new or resent) one workspace may send per hour: the product's mail is no one's bulk mailer. */
export const INVITATIONS_PER_HOUR = 20;

export const workspaceMessages = {
  nameRequired: 'Workspace name is required',
  nameTooLong: 'Workspace name must be at most 100 characters',
  renamed: 'Workspace renamed',
  switched: 'Switched workspace',
  adminOnly: 'Only an Owner or Admin can do this',
  ownerOnly: 'Only the Owner can do this',
  emailInvalid: 'Please enter a valid email address',
  roleInvalid: 'Choose Admin or Member',
  visibilityInvalid: 'Choose which records the member sees',
  alreadyMember: 'This person is already a member of the workspace',
  alreadyInvited: 'An invitation to this address is pending: resend it instead',
  invited: 'Invitation sent',
  invitationCreated: 'Invitation created: copy the link and send it',
  resent: 'Invitation sent again',
  linkRenewed: 'New invitation link created',
  revoked: 'Invitation revoked',
  memberUpdated: 'Member updated',
  memberRemoved: 'Member removed',
  left: 'You left the workspace',
  ownerCannotLeave: 'The Owner cannot leave: transfer ownership first',
  ownerCannotChange: 'The Owner’s role changes only by a transfer of ownership',
  ownerSeesAll: 'The Owner sees all records of the workspace',
  cannotRemoveSelf: 'Use "Leave workspace" to leave it yourself',
  reassignRequired: 'Choose who takes over their records',
  reassignInvalid: 'Choose a member who stays in the workspace',
  transferred: 'Ownership transferred',
  transferToMember: 'Choose a member of the workspace',
  deleteOwnerOnly: 'Only the Owner can delete the workspace',
  deleteNameMismatch: 'Type the workspace’s name exactly as it is shown',
  deleted: 'Workspace deleted',
  invitationUnknown: 'This invitation link is not valid',
  invitationUsed: 'This invitation has already been used',
  invitationRevoked: 'This invitation was revoked',
  invitationExpired: 'This invitation has expired: ask for a new one',
  invitationOtherEmail: 'This invitation was sent to another address: sign in with the invited one',
  joined: 'You joined the workspace',
  tooManyInvitations: 'Too many invitations this hour: try again later',
  mailUnavailable: 'This server sends no e-mail: copy the link and send it yourself',
} as const;

export const workspaceNameSchema = z
  .string({ message: workspaceMessages.nameRequired })
  .trim()
  .min(1, workspaceMessages.nameRequired)
  .max(100, workspaceMessages.nameTooLong);

/** A workspace the user belongs to, as the switcher lists it. */
export const workspaceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: z.enum(workspaceRoles),
  current: z.boolean(),
});
export type Workspace = z.infer<typeof workspaceSchema>;
export const workspaceListSchema = z.object({ items: z.array(workspaceSchema) });

export const workspaceRenameSchema = z.object({ name: workspaceNameSchema });
export const workspaceSwitchSchema = z.object({ workspaceId: z.uuid({ message: 'Not found' }) });

export const memberSchema = z.object({
  userId: z.uuid(),
  name: z.string().nullable(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.enum(workspaceRoles),
  visibility: z.enum(recordVisibilities),
  joinedAt: z.string(),
  /** The last signed-in request in this workspace, to the nearest few minutes; null before the first. */
  lastActiveAt: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = z.object({ items: z.array(memberSchema) });

/**
 * A member as every member of the workspace may see them: for the owner and assignee pickers, and to name who owns
 * or is assigned a record. No address, role or activity (the members screen is an Admin's).
 */
export const personSchema = z.object({
  userId: z.uuid(),
  /** The profile's name, else the address's part before the @. */
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export type Person = z.infer<typeof personSchema>;
export const peopleSchema = z.object({ items: z.array(personSchema) });

export const memberParamSchema = z.object({ userId: z.uuid({ message: 'Not found' }) });

/** PATCH a member: a new role, a new visibility, or both. */
export const memberUpdateSchema = z
  .object({
    role: z.enum(assignableRoles, { message: workspaceMessages.roleInvalid }).optional(),
    visibility: z.enum(recordVisibilities, { message: workspaceMessages.visibilityInvalid }).optional(),
  })
  .strict();

/** DELETE a member: their records go to this member. */
export const memberRemoveSchema = z.object({
  reassignTo: z.uuid({ message: workspaceMessages.reassignRequired }),
});

export const transferSchema = z.object({ userId: z.uuid({ message: workspaceMessages.transferToMember }) });

/**
 * DELETE the current workspace: its name, typed exactly, so that a slip deletes nothing. Nothing else rides along
 * (strict): a body meant for another route is refused, not read as a confirmation.
 */
export const workspaceDeleteSchema = z
  .object({
    name: z.string({ message: workspaceMessages.deleteNameMismatch }).max(200, workspaceMessages.deleteNameMismatch),
  })
  .strict();

export const invitationStatuses = ['pending', 'accepted', 'revoked', 'expired'] as const;

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(assignableRoles),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.object({ items: z.array(invitationSchema) });

export const invitationInputSchema = z.object({
  email: z
    .string({ message: workspaceMessages.emailInvalid })
    .trim()
    .toLowerCase()
    .max(254, workspaceMessages.emailInvalid)
    .pipe(z.email(workspaceMessages.emailInvalid)),
  role: z.enum(assignableRoles, { message: workspaceMessages.roleInvalid }),
});
export type InvitationInput = z.infer<typeof invitationInputSchema>;

/**
 * A new or renewed invitation: the link is in the answer only when this server sends no mail, for the
 * Admin to copy; a mailed link is never shown again.
 */
export const invitationSentSchema = z.object({
  invitation: invitationSchema,
  mailed: z.boolean(),
  link: z.string().nullable(),
});
export type InvitationSent = z.infer<typeof invitationSentSchema>;

export const invitationTokenParamSchema = z.object({ token: z.string().max(200) });

/** What the invitation page shows before it is accepted; only a valid, pending link says whose it is. */
export const invitationPreviewSchema = z.object({
  workspaceName: z.string(),
  invitedBy: z.string().nullable(),
  email: z.string(),
  role: z.enum(assignableRoles),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
