/**
 * What the team screen, the switcher and the invitation page say beyond the server's own messages (workspaces.ts
 * re-exports them). Without zod: the public invitation page shows them before zod has loaded.
 */
export const teamMessages = {
  loadFailed: 'Failed to load the team',
  workspacesLoadFailed: 'Failed to load your workspaces',
  invitationLoadFailed: 'Failed to load the invitation',
  changeFailed: 'The change could not be saved: please try again',
  linkCopied: 'Invitation link copied',
  noInvitations: 'No pending invitations',
  noOtherMembers: 'No other member can take over their records',
  never: 'Never',
  dangerZone: 'Danger zone',
  deleteWorkspace: 'Delete workspace',
  deleteWorkspaceWhat:
    'Deletes the workspace and all its records (contacts, pipelines, deals, projects, tasks, forms and chatbots) for every member. Each member’s bookings, mail and settings stay theirs.',
  deleteWorkspaceNameLabel: 'Type the workspace’s name to confirm',
} as const;

/** The owner and assignee pickers' words, and how a record names its owner. */
export const peopleLabels = {
  owner: 'Owner',
  assignedTo: 'Assigned to',
  unassigned: 'Unassigned',
} as const;
