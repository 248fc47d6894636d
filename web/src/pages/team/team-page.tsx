import { useState, type ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { teamMessages, workspaceMessages, type InvitationSent, type Member } from '@common/workspaces';
import { Button } from '../../components/button';
import { Card, CardHeader, CardTitle } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { isApiError } from '../../lib/api';
import { useAuthStore } from '../../lib/auth-store';
import { invitationsQuery, membersQuery, useRemoveMember, workspacesQuery } from './api';
import { DangerZone } from './danger-zone';
import { InvitationLinkModal } from './invitation-link-modal';
import { InvitationsList } from './invitations-list';
import { InviteModal } from './invite-modal';
import { MemberChoiceModal } from './member-choice-modal';
import { MembersList } from './members-list';
import { displayName } from './member-text';
import { WorkspaceCard } from './workspace-card';

/** A request's spinner, or its failure with Retry, or what it loaded. */
function Loaded<T>({
  query,
  label,
  children,
}: {
  query: UseQueryResult<T>;
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={label} className="size-6 text-indigo-500" />
      </div>
    );
  }
  return (
    <EmptyState
      message={teamMessages.loadFailed}
      action={
        <Button variant="secondary" loading={query.isRefetching} onClick={() => void query.refetch()}>
          Retry
        </Button>
      }
    />
  );
}

/** /app/settings/team: the current workspace, its members and their invitations. */
export function TeamPage() {
  const selfId = useAuthStore((state) => state.user?.id);
  const workspaces = useQuery(workspacesQuery());
  const workspace = workspaces.data?.items.find((item) => item.current);
  const canManage = workspace?.role === 'owner' || workspace?.role === 'admin';
  const members = useQuery(membersQuery());
  const invitations = useQuery({ ...invitationsQuery(), enabled: canManage });
  const refused = isApiError(members.error, 403);
  const [inviting, setInviting] = useState(false);
  const [link, setLink] = useState<InvitationSent | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const remove = useRemoveMember();

  return (
    <div className="max-w-5xl space-y-6">
      <PageTitle
        title="Team"
        description="The people of your workspace, what they may do and which records they see."
        actions={
          canManage && (
            <Button onClick={() => setInviting(true)}>
              <UserPlus aria-hidden="true" className="size-4" />
              Invite member
            </Button>
          )
        }
      />
      <Loaded query={workspaces} label="Loading workspace">
        {() =>
          workspace ? (
            <WorkspaceCard workspace={workspace} members={members.data?.items} selfId={selfId} />
          ) : (
            <EmptyState message={teamMessages.workspacesLoadFailed} />
          )
        }
      </Loaded>
      <Card>
        <CardHeader>
          <CardTitle>Members</CardTitle>
        </CardHeader>
        {refused ? (
          <p role="alert" className="px-5 py-8 text-center text-sm text-slate-700 dark:text-slate-300">
            {workspaceMessages.adminOnly}
          </p>
        ) : (
          <Loaded query={members} label="Loading members">
            {({ items }) => (
              <MembersList members={items} selfId={selfId} canManage={canManage} onRemove={setRemoving} />
            )}
          </Loaded>
        )}
      </Card>
      {canManage && (
        <Card>
          <CardHeader>
            <CardTitle>Pending invitations</CardTitle>
          </CardHeader>
          <Loaded query={invitations} label="Loading invitations">
            {({ items }) => <InvitationsList invitations={items} onLinkRenewed={setLink} />}
          </Loaded>
        </Card>
      )}
      {workspace?.role === 'owner' && <DangerZone workspace={workspace} />}
      <InviteModal open={inviting} onOpenChange={setInviting} onInvited={(sent) => !sent.mailed && setLink(sent)} />
      <InvitationLinkModal sent={link?.link ? link : null} onClose={() => setLink(null)} />
      <MemberChoiceModal
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove member"
        message={`Remove ${removing ? displayName(removing) : ''} from the workspace? They lose access at once; choose who takes over their records.`}
        label="Who takes over their records"
        choices={(members.data?.items ?? []).filter((member) => member.userId !== removing?.userId)}
        initial={selfId}
        confirmLabel="Remove member"
        pending={remove.isPending}
        onConfirm={(reassignTo) =>
          removing && remove.mutate({ userId: removing.userId, reassignTo }, { onSuccess: () => setRemoving(null) })
        }
      />
    </div>
  );
}
