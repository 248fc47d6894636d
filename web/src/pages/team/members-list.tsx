import {
  assignableRoles,
  recordVisibilities,
  roleLabels,
  visibilityLabels,
  type AssignableRole,
  type Member,
  type RecordVisibility,
} from '@common/workspaces';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { SelectField } from '../../components/select-field';
import { useUpdateMember } from './api';
import { displayName, lastActive } from './member-text';

interface MembersListProps {
  members: Member[];
  /** The signed-in user's id: their own row has no controls ("Leave workspace" is for that). */
  selfId: string | undefined;
  /** An Owner or Admin views the list: the other members' rows, the Owner's aside, can be changed. */
  canManage: boolean;
  onRemove: (member: Member) => void;
}

const column = 'text-sm text-slate-700 dark:text-slate-300';
/** Each value's name, shown before it on a phone where no header row names the columns. */
const Caption = ({ children }: { children: string }) => (
  <span className="font-medium text-slate-600 lg:sr-only dark:text-slate-400">{children}: </span>
);

/** The members, one row each on a wide screen and a stacked card on a phone; an Admin changes them in place. */
export function MembersList({ members, selfId, canManage, onRemove }: MembersListProps) {
  const update = useUpdateMember();
  return (
    <div>
      <div
        aria-hidden="true"
        className="hidden gap-4 border-b border-slate-200 bg-slate-50 px-5 py-2 text-xs font-medium tracking-wide text-slate-600 uppercase lg:flex dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-400"
      >
        <span className="min-w-0 flex-1">Member</span>
        <span className="w-28">Role</span>
        <span className="w-80">Records</span>
        <span className="w-28">Last active</span>
        {canManage && <span className="w-24" />}
      </div>
      <ul aria-label="Members" className="divide-y divide-slate-200 dark:divide-slate-800">
        {members.map((member) => {
          const name = displayName(member);
          const editable = canManage && member.role !== 'owner' && member.userId !== selfId;
          const busy = update.isPending && update.variables?.userId === member.userId;
          return (
            <li key={member.userId} className="flex flex-col gap-3 px-5 py-4 lg:flex-row lg:items-center lg:gap-4">
              <div className="flex min-w-0 flex-1 items-center gap-3">
                <Avatar name={member.name} email={member.email} src={member.avatarUrl} className="size-9 text-xs" />
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900 dark:text-slate-100" title={name}>
                    {name}
                    {member.userId === selfId && (
                      <span className="font-normal text-slate-600 dark:text-slate-400"> (you)</span>
                    )}
                  </p>
                  <p className="truncate text-sm text-slate-600 dark:text-slate-400" title={member.email}>
                    {member.email}
                  </p>
                </div>
              </div>
              <div className="lg:w-28">
                {editable ? (
                  <SelectField
                    label={`Role of ${name}`}
                    hideLabel
                    value={member.role}
                    disabled={busy}
                    onChange={(event) =>
                      update.mutate({ userId: member.userId, role: event.target.value as AssignableRole })
                    }
                  >
                    {assignableRoles.map((role) => (
                      <option key={role} value={role}>
                        {roleLabels[role]}
                      </option>
                    ))}
                  </SelectField>
                ) : (
                  <p className={column}>
                    <Caption>Role</Caption>
                    {roleLabels[member.role]}
                  </p>
                )}
              </div>
              <div className="lg:w-80">
                {editable ? (
                  <SelectField
                    label={`Records ${name} sees`}
                    hideLabel
                    value={member.visibility}
                    disabled={busy}
                    onChange={(event) =>
                      update.mutate({ userId: member.userId, visibility: event.target.value as RecordVisibility })
                    }
                  >
                    {recordVisibilities.map((visibility) => (
                      <option key={visibility} value={visibility}>
                        {visibilityLabels[visibility]}
                      </option>
                    ))}
                  </SelectField>
                ) : (
                  <p className={column}>
                    <Caption>Records</Caption>
                    {visibilityLabels[member.visibility]}
                  </p>
                )}
              </div>
              <p className={`${column} lg:w-28`}>
                <Caption>Last active</Caption>
                {lastActive(member.lastActiveAt)}
              </p>
              {canManage && (
                <div className="lg:w-24 lg:text-right">
                  {editable && (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Remove ${name}`}
                      onClick={() => onRemove(member)}
                    >
                      Remove
                    </Button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
