/** The query keys of workspaces: the switcher and the team screen read them through this factory, never by literal. */
export const workspaceKeys = {
  all: ['workspaces'] as const,
  list: () => [...workspaceKeys.all, 'list'] as const,
  members: () => [...workspaceKeys.all, 'members'] as const,
  invitations: () => [...workspaceKeys.all, 'invitations'] as const,
  people: () => [...workspaceKeys.all, 'people'] as const,
};
