import { useQuery, queryOptions } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { workspacesApi } from '@common/workspaces-api';
import { SelectField } from '../../components/select-field';
import { call } from '../../lib/api';
import { workspaceKeys } from './keys';

/** The workspace's people by name, for every member: read once and shared by every assignee picker. */
export const peopleQuery = () =>
  queryOptions({ queryKey: workspaceKeys.people(), queryFn: () => call(workspacesApi.people), staleTime: 5 * 60_000 });

interface AssigneeSelectProps extends Omit<ComponentProps<typeof SelectField>, 'label' | 'children'> {
  /** The current assignee, shown while the people load (or if they no longer list them). */
  current?: { userId: string; name: string } | null;
}

/** "Assigned to": Unassigned (the empty value) or one of the workspace's people, by user id. */
export function AssigneeSelect({ current, ...selectProps }: AssigneeSelectProps) {
  const people = useQuery(peopleQuery());
  const items = people.data?.items ?? [];
  const options =
    current && !items.some((person) => person.userId === current.userId)
      ? [...items, { userId: current.userId, name: current.name }]
      : items;
  return (
    <SelectField label="Assigned to" {...selectProps}>
      <option value="">Unassigned</option>
      {options.map((person) => (
        <option key={person.userId} value={person.userId}>
          {person.name}
        </option>
      ))}
    </SelectField>
  );
}
