import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { queryOf } from '@common/api-url';
import { taskStatuses } from '@common/constants';
import { taskDueFilters, type TaskDueFilter, type TaskStatus } from '@common/tasks';
import { whoseFilters, type Whose } from '@common/whose';
import { browserTimeZone } from '../../lib/format';

/** The filters of the task screen; they live in its URL under the names of `taskFilterSchema`. */
export interface TaskFilters {
  status?: TaskStatus;
  categoryId?: string;
  projectId?: string;
  dealId?: string;
  due?: TaskDueFilter;
  q?: string;
  /** Mine or assigned to me; everyone's is left out of the address. */
  whose?: Exclude<Whose, 'everyone'>;
}
export type FilterName = keyof TaskFilters;
export const filterNames: FilterName[] = ['status', 'categoryId', 'projectId', 'dealId', 'due', 'q', 'whose'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;
const uuid = (value: string | null) => (value && UUID.test(value) ? value : undefined);
const narrowed = whoseFilters.filter((whose): whose is Exclude<Whose, 'everyone'> => whose !== 'everyone');

/** What the address says, with anything malformed (a hand-edited link) dropped rather than sent. */
export function readFilters(params: URLSearchParams): TaskFilters {
  const q = params.get('q')?.trim().slice(0, 200);
  return {
    status: oneOf(taskStatuses, params.get('status')),
    categoryId: uuid(params.get('categoryId')),
    projectId: uuid(params.get('projectId')),
    dealId: uuid(params.get('dealId')),
    due: oneOf(taskDueFilters, params.get('due')),
    q: q || undefined,
    whose: oneOf(narrowed, params.get('whose')),
  };
}

export const hasFilters = (filters: TaskFilters) => filterNames.some((name) => filters[name] !== undefined);

/** The API's query for these filters, in the order of `filterNames` (an unset one is left out of the address). */
export function filterParams({ status, categoryId, projectId, dealId, due, q, whose }: TaskFilters) {
  return { status, categoryId, projectId, dealId, due, q, tz: due ? browserTimeZone() : undefined, whose };
}

/** The filters' query string: in a fixed order, so that it also serves as a cache key. */
export const filterKey = (filters: TaskFilters) => queryOf(filterParams(filters));

/** The filters in the address, and setters that keep the rest of it (an open task) as it is. */
export function useTaskFilters() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);

  const setFilters = useCallback(
    (changes: Partial<Record<FilterName, string | null>>, { replace = false } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  const clearFilters = useCallback(
    () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const name of filterNames) next.delete(name);
        return next;
      }),
    [setParams],
  );

  return { filters, setFilters, clearFilters, params, setParams };
}
