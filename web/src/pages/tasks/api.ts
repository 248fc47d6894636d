import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { dealSchema } from '@common/deals';
import { projectSchema } from '@common/projects';
import {
  TASK_BOARD_PAGE_SIZE,
  categoryListSchema,
  categoryMessages,
  categorySchema,
  dealOptionsSchema,
  taskBoardSchema,
  taskMessages,
  taskMoved,
  taskPageSchema,
  taskSchema,
  type Category,
  type CategoryInput,
  type Task,
  type TaskBoardColumn,
  type TaskInput,
  type TaskStatus,
} from '@common/tasks';
import type { ColumnPages } from '../../components/board/board-column';
import type { BoardKind } from '../../components/board/board-model';
import { useBoardMove, type BoardMove } from '../../components/board/use-board-move';
import type { PickerOption, PickerSearch } from '../../components/search-picker';
import { api } from '../../lib/api';
import { pageParams } from '../../lib/paging';
import { filterQuery, type TaskFilters } from './filters';

/** Rows per page of the list view. */
export const TASK_LIST_PAGE_SIZE = 50;
/** How many matches a project or deal picker shows for a search. */
const OPTION_LIMIT = 20;

const boardKey = (filters: string) => ['tasks', 'board', filters] as const;

/** The board for these filters in one request: each column's first page and count. */
export const boardQuery = (filters: TaskFilters) =>
  queryOptions({
    queryKey: boardKey(filterQuery(filters).toString()),
    queryFn: () => api.get(`/api/tasks/board?${filterQuery(filters).toString()}`, taskBoardSchema),
  });

/** The pages of a column after its first one, from the cursor the board gave. */
export const columnPages = (filters: TaskFilters): ColumnPages<Task, TaskStatus> => ({
  key: (status, start) => ['tasks', 'column', filterQuery(filters).toString(), status, start],
  fetch: (status, cursor) => {
    const params = filterQuery({ ...filters, status });
    params.set('limit', String(TASK_BOARD_PAGE_SIZE));
    params.set('cursor', cursor);
    return api.get(`/api/tasks?${params.toString()}`, taskPageSchema);
  },
});

/** One page of the list view, newest first, after a cursor (null: the first page). */
export const listQuery = (filters: TaskFilters, cursor: string | null) =>
  queryOptions({
    queryKey: ['tasks', 'list', filterQuery(filters).toString(), cursor],
    queryFn: () =>
      api.get(
        `/api/tasks?${filterQuery(filters).toString()}&${pageParams(TASK_LIST_PAGE_SIZE, cursor)}`,
        taskPageSchema,
      ),
  });

export const taskKey = (id: string) => ['tasks', 'one', id] as const;
export const taskQuery = (id: string) =>
  queryOptions({ queryKey: taskKey(id), queryFn: () => api.get(`/api/tasks/${id}`, taskSchema) });

/** All of the user's categories (at most 100), by name: read once per view, shared by the page and the form. */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['task-categories'],
    queryFn: async () => (await api.get('/api/task-categories', categoryListSchema)).items,
  });

const projectOptionsSchema = z.object({ items: z.array(projectSchema) });

/** A server-side search of the user's projects by name: the picker never loads them all. */
export const projectOptionsQuery: PickerSearch = (q: string) =>
  queryOptions({
    queryKey: ['projects', 'options', q],
    queryFn: async (): Promise<PickerOption[]> => {
      const params = new URLSearchParams({ limit: String(OPTION_LIMIT) });
      if (q) params.set('q', q);
      const { items } = await api.get(`/api/projects?${params.toString()}`, projectOptionsSchema);
      return items.map((p) => ({ id: p.id, name: p.name, detail: p.status }));
    },
  });

/** A server-side search of the user's deals by name (at most 20). */
export const dealOptionsQuery = (q: string) =>
  queryOptions({
    queryKey: ['deals', 'options', q],
    queryFn: async (): Promise<PickerOption[]> => {
      const params = new URLSearchParams();
      if (q) params.set('q', q);
      const { items } = await api.get(`/api/deals/options?${params.toString()}`, dealOptionsSchema);
      return items.map((d) => ({ id: d.id, name: d.name, detail: d.stage }));
    },
  });

// Under their own key, not 'projects'/'deals': a task change need not read the name again.
/** The name of the project a filter names: the filter bar shows it after a reload. */
export const projectNameQuery = (id: string) =>
  queryOptions({
    queryKey: ['task-links', 'project', id],
    queryFn: async () => (await api.get(`/api/projects/${id}`, projectSchema)).name,
  });

export const dealNameQuery = (id: string) =>
  queryOptions({
    queryKey: ['task-links', 'deal', id],
    queryFn: async () => (await api.get(`/api/deals/${id}`, dealSchema)).name,
  });

/**
 * Everything a task change shows up in: the task screens, the calendar, and the task progress on
 * project cards. The task itself is left out when it was just deleted (reading it again would only 404).
 */
function invalidateAfterTaskChange(qc: QueryClient, deletedId?: string) {
  return Promise.all([
    qc.invalidateQueries({
      queryKey: ['tasks'],
      predicate: (query) => !(deletedId && query.queryKey[1] === 'one' && query.queryKey[2] === deletedId),
    }),
    deletedId ? qc.invalidateQueries({ queryKey: taskKey(deletedId), refetchType: 'none' }) : null,
    qc.invalidateQueries({ queryKey: ['calendar'] }),
    qc.invalidateQueries({ queryKey: ['projects'] }),
  ]);
}

export function useCreateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TaskInput) => api.post('/api/tasks', input, taskSchema),
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
    mutationFn: ({ id, input }: { id: string; input: TaskInput }) => api.put(`/api/tasks/${id}`, input, taskSchema),
    onSuccess: (task) => {
      toast.success(taskMessages.updated);
      qc.setQueryData(taskKey(task.id), task);
      return invalidateAfterTaskChange(qc);
    },
    onError: () => toast.error(taskMessages.saveFailed),
  });
}

export function useDeleteTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/tasks/${id}`),
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
    boardKey: ['tasks', 'board'],
    columnKey: ['tasks', 'column'],
    request: ({ card, to }: BoardMove<Task, TaskStatus> & { via: 'drag' | 'check' }) =>
      api.patch(`/api/tasks/${card.id}/status`, { status: to }, taskSchema),
    cardKey: (task) => taskKey(task.id),
    moved: (task, { via }) => (via === 'check' ? taskMessages.completed : taskMoved(task.status)),
    failed: ({ via }) => (via === 'check' ? taskMessages.completeFailed : taskMessages.statusFailed),
    refresh: (qc) => invalidateAfterTaskChange(qc),
  });
}

/** Category changes show on task cards too (their label), so the tasks are read again. */
function invalidateAfterCategoryChange(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: ['task-categories'] }),
    qc.invalidateQueries({ queryKey: ['tasks'] }),
  ]);
}

export function useCreateCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CategoryInput) => api.post('/api/task-categories', input, categorySchema),
    onSuccess: (category) => {
      toast.success(categoryMessages.created);
      qc.setQueryData<Category[]>(['task-categories'], (list) =>
        list ? [...list, category].sort((a, b) => a.name.localeCompare(b.name)) : list,
      );
      return qc.invalidateQueries({ queryKey: ['task-categories'] });
    },
    onError: () => toast.error(categoryMessages.createFailed),
  });
}

export function useUpdateCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Partial<CategoryInput> }) =>
      api.patch(`/api/task-categories/${id}`, input, categorySchema),
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
    mutationFn: (id: string) => api.delete(`/api/task-categories/${id}`),
    onSuccess: () => {
      toast.success(categoryMessages.deleted);
      return invalidateAfterCategoryChange(qc);
    },
    onError: () => toast.error(categoryMessages.deleteFailed),
  });
}
