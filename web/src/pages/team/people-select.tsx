import { useQuery, queryOptions } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import type { User } from '@common/auth';
import { peopleLabels } from '@common/team-messages';
import { workspacesApi } from '@common/workspaces-api';
import { SelectField } from '../../components/select-field';
import { call } from '../../lib/api';
import { workspaceKeys } from './keys';

/** The workspace's people by name, for every member: read once and shared by every owner and assignee picker. */
export const peopleQuery = () =>
  queryOptions({ queryKey: workspaceKeys.people(), queryFn: () => call(workspacesApi.people), staleTime: 5 * 60_000 });

/** Whether the workspace has people besides the viewer: the "Show" filters have nothing to tell apart otherwise. */
export function useIsTeam(): boolean {
  const people = useQuery(peopleQuery());
  return (people.data?.items.length ?? 0) > 1;
}

/** A person the record names, shown while the people load (or if they no longer list them). */
export interface NamedPerson {
  userId: string;
  name: string;
}

/** The signed-in user as the people list names them: their name, else the address's part before the @. */
export const personOf = (user: User): NamedPerson => ({
  userId: user.id,
  name: user.name?.trim() || (user.email.split('@')[0] ?? user.email),
});

interface PersonSelectProps extends Omit<ComponentProps<typeof SelectField>, 'children'> {
  current?: NamedPerson | null;
  /** The empty value's label ("Unassigned"); without it one of the people must be chosen. */
  noneLabel?: string;
}

/** One of the workspace's people, by user id: the owner and assignee pickers. */
export function PersonSelect({ current, noneLabel, ...selectProps }: PersonSelectProps) {
  const people = useQuery(peopleQuery());
  const items = people.data?.items ?? [];
  const options =
    current && !items.some((person) => person.userId === current.userId)
      ? [...items, { userId: current.userId, name: current.name }]
      : items;
  return (
    <SelectField {...selectProps}>
      {noneLabel !== undefined && <option value="">{noneLabel}</option>}
      {options.map((person) => (
        <option key={person.userId} value={person.userId}>
          {person.name}
        </option>
      ))}
    </SelectField>
  );
}

type RoleSelectProps = Omit<PersonSelectProps, 'label' | 'noneLabel'>;

/** "Assigned to": Unassigned (the empty value) or one of the workspace's people. */
export const AssigneeSelect = (props: RoleSelectProps) => (
  <PersonSelect label={peopleLabels.assignedTo} noneLabel={peopleLabels.unassigned} {...props} />
);

/** "Owner" of a contact or a deal: always one of the workspace's people. */
export const OwnerSelect = (props: RoleSelectProps) => <PersonSelect label={peopleLabels.owner} {...props} />;
