import { queryOptions, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Count, Page } from '@common/http';
import {
  PROJECT_BOARD_PAGE_SIZE,
  projectBoardSchema,
  projectMessages,
  projectPageSchema,
  projectSchema,
  projectStatusUpdated,
  type Project,
  type ProjectBoard,
  type ProjectInput,
  type ProjectStatus,
} from '@common/projects';
import { api } from '../../lib/api';
import { pageParams } from '../../lib/paging';

/** A page of the grid: fills rows of one, two, three or four cards. */
export const PROJECTS_PAGE_SIZE = 24;

const boardKey = ['projects', 'board'] as const;

/** Every column's first page and count, in one request. */
export const projectBoardQuery = () =>
  queryOptions({ queryKey: boardKey, queryFn: () => api.get('/api/projects/board', projectBoardSchema) });

/** The pages of a column after its first one, from the cursor the board gave. */
export const columnMoreKey = (status: ProjectStatus, start: string) => ['projects', 'column', status, start] as const;

export function fetchColumnPage(status: ProjectStatus, cursor: string) {
  const params = new URLSearchParams({ status, limit: String(PROJECT_BOARD_PAGE_SIZE), cursor });
  return api.get(`/api/projects?${params.toString()}`, projectPageSchema);
}

/** One page of the grid, newest first, after a cursor (null: the first page). */
export const projectsPageQuery = (cursor: string | null) =>
  queryOptions({
    queryKey: ['projects', 'page', cursor],
    queryFn: () => api.get(`/api/projects?${pageParams(PROJECTS_PAGE_SIZE, cursor)}`, projectPageSchema),
  });

/** One project, for a link that opens it (?project=<id>, from the command menu). */
export const projectQuery = (id: string) =>
  queryOptions({
    queryKey: ['projects', 'one', id],
    queryFn: () => api.get(`/api/projects/${encodeURIComponent(id)}`, projectSchema),
  });

function useInvalidateProjects() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['projects'] });
}

export function useCreateProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (input: ProjectInput) => api.post('/api/projects', input, projectSchema),
    onSuccess: () => {
      toast.success(projectMessages.created);
      return invalidate();
    },
    onError: () => toast.error(projectMessages.saveFailed),
  });
}

export function useUpdateProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ProjectInput }) =>
      api.put(`/api/projects/${id}`, input, projectSchema),
    onSuccess: () => {
      toast.success(projectMessages.updated);
      return invalidate();
    },
    onError: () => toast.error(projectMessages.saveFailed),
  });
}

export function useDeleteProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/projects/${id}`),
    onSuccess: () => {
      toast.success(projectMessages.deleted);
      return invalidate();
    },
    onError: () => toast.error(projectMessages.deleteFailed),
  });
}

const byNewest = (a: Project, b: Project) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0);

/** A capped count stays as it is past the cap: one more or less of "10,000+" is still "10,000+". */
const shift = (count: Count, by: number): Count =>
  count.hasMore ? count : { count: Math.max(0, count.count + by), hasMore: false };

/** The board as it will be once the project has `status`: card moved, counts adjusted. */
export function moveOnBoard(board: ProjectBoard, project: Project, status: ProjectStatus): ProjectBoard {
  return {
    columns: board.columns.map((column) => {
      if (column.status === project.status) {
        return { ...column, items: column.items.filter((p) => p.id !== project.id), count: shift(column.count, -1) };
      }
      if (column.status === status) {
        const items = [...column.items, { ...project, status }].sort(byNewest);
        return { ...column, items, count: shift(column.count, 1) };
      }
      return column;
    }),
  };
}

/** Drag on the board: shown at once, saved, and on failure the board is read again. */
export function useMoveProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ project, status }: { project: Project; status: ProjectStatus }) =>
      api.patch(`/api/projects/${project.id}/status`, { status }, projectSchema),
    onMutate: async ({ project, status }) => {
      await qc.cancelQueries({ queryKey: boardKey });
      qc.setQueryData<ProjectBoard>(boardKey, (board) => board && moveOnBoard(board, project, status));
      qc.setQueriesData<InfiniteData<Page<Project>>>({ queryKey: ['projects', 'column'] }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({ ...page, items: page.items.filter((p) => p.id !== project.id) })),
            }
          : data,
      );
    },
    onSuccess: (project) => toast.success(projectStatusUpdated(project.status)),
    onError: () => toast.error(projectMessages.statusFailed),
    onSettled: () => qc.invalidateQueries({ queryKey: ['projects'] }),
  });
}
