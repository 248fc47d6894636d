import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { dealsApi } from '@common/deals-api';
import { projectsApi } from '@common/projects-api';
import {
  TASK_BOARD_PAGE_SIZE,
  categoryMessages,
  taskMessages,
  taskMoved,
  type Category,
  type CategoryInput,
  type Task,
  type TaskBoardColumn,
  type TaskInput,
  type TaskStatus,
} from '@common/tasks';
import { taskCategoriesApi, tasksApi } from '@common/tasks-api';
import type { ColumnPages } from '../../components/board/board-column';
import type { BoardKind } from '../../components/board/board-model';
import { useBoardMove, type BoardMove } from '../../components/board/use-board-move';
import type { PickerOption, PickerSearch } from '../../components/search-picker';
import { call } from '../../lib/api';
import { pageQuery } from '../../lib/paging';
import { calendarKeys } from '../calendar/keys';
import { dealKeys } from '../deals/keys';
import { projectKeys } from '../projects/keys';
import { filterKey, filterParams, type TaskFilters } from './filters';
import { taskCategoryKeys, taskKeys, taskLinkKeys } from './keys';

/** Rows per page of the list view. */
export const TASK_LIST_PAGE_SIZE = 50;
/** How many matches a project or deal picker shows for a search. */
const OPTION_LIMIT = 20;

/** The board for these filters in one request: each column's first page and count. */
export const boardQuery = (filters: TaskFilters) =>
  queryOptions({
    queryKey: taskKeys.board(filterKey(filters)),
    queryFn: () => call(tasksApi.board, { query: filterParams(filters) }),
  });

/** The pages of a column after its first one, from the cursor the board gave. */
export const columnPages = (filters: TaskFilters): ColumnPages<Task, TaskStatus> => ({
  key: (status, start) => taskKeys.column(filterKey(filters), status, start),
  fetch: (status, cursor) =>
    call(tasksApi.list, { query: { ...filterParams({ ...filters, status }), limit: TASK_BOARD_PAGE_SIZE, cursor } }),
});

/** One page of the list view, newest first, after a cursor (null: the first page). */
export const listQuery = (filters: TaskFilters, cursor: string | null) =>
  queryOptions({
    queryKey: taskKeys.list(filterKey(filters), cursor),
    queryFn: () =>
      call(tasksApi.list, { query: { ...filterParams(filters), ...pageQuery(TASK_LIST_PAGE_SIZE, cursor) } }),
  });

export const taskQuery = (id: string) =>
  queryOptions({ queryKey: taskKeys.one(id), queryFn: () => call(tasksApi.one, { params: { id } }) });

/** All of the user's categories (at most 100), by name: read once per view, shared by the page and the form. */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: taskCategoryKeys.list(),
    queryFn: async () => (await call(taskCategoriesApi.list)).items,
  });

/** A server-side search of the user's projects by name: the picker never loads them all. */
export const projectOptionsQuery: PickerSearch = (q: string) =>
  queryOptions({
    // A copy: a picker's search (PickerSearch) is typed with a string[] key.
    queryKey: [...projectKeys.options(q)],
    queryFn: async (): Promise<PickerOption[]> => {
      const { items } = await call(projectsApi.list, { query: { limit: OPTION_LIMIT, q: q || undefined } });
      return items.map((p) => ({ id: p.id, name: p.name, detail: p.status }));
    },
  });

/** A server-side search of the user's deals by name (at most 20). */
export const dealOptionsQuery = (q: string) =>
  queryOptions({
    // A copy: a picker's search (PickerSearch) is typed with a string[] key.
    queryKey: [...dealKeys.options(q)],
    queryFn: async (): Promise<PickerOption[]> => {
      const { items } = await call(dealsApi.options, { query: { q: q || undefined } });
      return items.map((d) => ({ id: d.id, name: d.name, detail: d.stage }));
    },
  });

/** The name of the project a filter names: the filter bar shows it after a reload. */
export const projectNameQuery = (id: string) =>
  queryOptions({
    queryKey: taskLinkKeys.project(id),
    queryFn: async () => (await call(projectsApi.one, { params: { id } })).name,
  });

export const dealNameQuery = (id: string) =>
  queryOptions({
    queryKey: taskLinkKeys.deal(id),
    queryFn: async () => (await call(dealsApi.one, { params: { id } })).name,
  });

/**
 * Everything a task change shows up in: the task screens, the calendar, and the task progress on
 * project cards. The task itself is left out when it was just deleted (reading it again would only 404).
 */
function invalidateAfterTaskChange(qc: QueryClient, deletedId?: string) {
  const gone = deletedId ? taskKeys.one(deletedId) : null;
  const isGone = (key: readonly unknown[]) => gone !== null && gone.every((part, index) => key[index] === part);
  return Promise.all([
    qc.invalidateQueries({ queryKey: taskKeys.all, predicate: (query) => !isGone(query.queryKey) }),
    gone ? qc.invalidateQueries({ queryKey: gone, refetchType: 'none' }) : null,
    qc.invalidateQueries({ queryKey: calendarKeys.all }),
    qc.invalidateQueries({ queryKey: projectKeys.all }),
  ]);
}

export function useCreateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TaskInput) => call(tasksApi.create, { body: input }),
    onSuccess: () => {
      toast.success(taskMessages.created);
      return invalidateAfterTaskChange(qc);
    },
    onError: () => toast.error(taskMessages.saveFailed),
  });
}

export function useUpdateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TaskInput }) =>
      call(tasksApi.update, { params: { id }, body: input }),
    onSuccess: (task) => {
      toast.success(taskMessages.updated);
      qc.setQueryData(taskKeys.one(task.id), task);
      return invalidateAfterTaskChange(qc);
    },
    onError: () => toast.error(taskMessages.saveFailed),
  });
}

export function useDeleteTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(tasksApi.remove, { params: { id } }),
    onSuccess: (_, id) => {
      toast.success(taskMessages.deleted);
      return invalidateAfterTaskChange(qc, id);
    },
    onError: () => toast.error(taskMessages.deleteFailed),
  });
}

/** A task's column is its status. */
export const taskBoardKind: BoardKind<Task, TaskBoardColumn, TaskStatus> = {
  noun: 'task',
  columnNoun: 'status',
  ofColumn: (column) => column.status,
  ofCard: (task) => task.status,
  place: (task, status) => ({ ...task, status }),
};

/**
 * A status change, from the drag on the board or the check button (Done): shown at once on every
 * board in the cache, saved, and on failure everything is read again.
 */
export function useSetTaskStatus() {
  return useBoardMove({
    kind: taskBoardKind,
    boardKey: taskKeys.boards(),
    columnKey: taskKeys.columns(),
    request: ({ card, to }: BoardMove<Task, TaskStatus> & { via: 'drag' | 'check' }) =>
      call(tasksApi.move, { params: { id: card.id }, body: { status: to } }),
    cardKey: (task) => taskKeys.one(task.id),
    moved: (task, { via }) => (via === 'check' ? taskMessages.completed : taskMoved(task.status)),
    failed: ({ via }) => (via === 'check' ? taskMessages.completeFailed : taskMessages.statusFailed),
    refresh: (qc) => invalidateAfterTaskChange(qc),
  });
}

/** Category changes show on task cards too (their label), so the tasks are read again. */
function invalidateAfterCategoryChange(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: taskCategoryKeys.all }),
    qc.invalidateQueries({ queryKey: taskKeys.all }),
  ]);
}

export function useCreateCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CategoryInput) => call(taskCategoriesApi.create, { body: input }),
    onSuccess: (category) => {
      toast.success(categoryMessages.created);
      qc.setQueryData<Category[]>(taskCategoryKeys.list(), (list) =>
        list ? [...list, category].sort((a, b) => a.name.localeCompare(b.name)) : list,
      );
      return qc.invalidateQueries({ queryKey: taskCategoryKeys.all });
    },
    onError: () => toast.error(categoryMessages.createFailed),
  });
}

export function useUpdateCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Partial<CategoryInput> }) =>
      call(taskCategoriesApi.update, { params: { id }, body: input }),
    onSuccess: () => {
      toast.success(categoryMessages.updated);
      return invalidateAfterCategoryChange(qc);
    },
    onError: () => toast.error(categoryMessages.updateFailed),
  });
}

export function useDeleteCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(taskCategoriesApi.remove, { params: { id } }),
    onSuccess: () => {
      toast.success(categoryMessages.deleted);
      return invalidateAfterCategoryChange(qc);
    },
    onError: () => toast.error(categoryMessages.deleteFailed),
  });
}
