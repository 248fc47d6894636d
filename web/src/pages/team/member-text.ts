import { formatDistanceToNow } from 'date-fns';
import { teamMessages, type Member } from '@common/workspaces';

/** A member as lists name them: their name, else their e-mail address. */
export const displayName = (member: Pick<Member, 'name' | 'email'>) => member.name?.trim() || member.email;

/** "5 minutes ago", or "Never" before their first request in the workspace. */
export const lastActive = (iso: string | null) =>
  iso ? formatDistanceToNow(new Date(iso), { addSuffix: true }) : teamMessages.never;
