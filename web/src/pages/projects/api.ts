import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  PROJECT_BOARD_PAGE_SIZE,
  projectBoardSchema,
  projectMessages,
  projectPageSchema,
  projectSchema,
  projectStatusUpdated,
  type Project,
  type ProjectBoardColumn,
  type ProjectInput,
  type ProjectStatus,
} from '@common/projects';
import type { ColumnPages } from '../../components/board/board-column';
import type { BoardKind } from '../../components/board/board-model';
import { useBoardMove, type BoardMove } from '../../components/board/use-board-move';
import { api } from '../../lib/api';
import { pageParams } from '../../lib/paging';

/** A page of the grid: fills rows of one, two, three or four cards. */
export const PROJECTS_PAGE_SIZE = 24;

const boardKey = ['projects', 'board'] as const;

/** Every column's first page and count, in one request. */
export const projectBoardQuery = () =>
  queryOptions({ queryKey: boardKey, queryFn: () => api.get('/api/projects/board', projectBoardSchema) });

/** The pages of a column after its first one, from the cursor the board gave. */
export const columnPages: ColumnPages<Project, ProjectStatus> = {
  key: (status, start) => ['projects', 'column', status, start],
  fetch: (status, cursor) => {
    const params = new URLSearchParams({ status, limit: String(PROJECT_BOARD_PAGE_SIZE), cursor });
    return api.get(`/api/projects?${params.toString()}`, projectPageSchema);
  },
};

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

/** A project's column is its status. */
export const projectBoardKind: BoardKind<Project, ProjectBoardColumn, ProjectStatus> = {
  noun: 'project',
  columnNoun: 'status',
  ofColumn: (column) => column.status,
  ofCard: (project) => project.status,
  place: (project, status) => ({ ...project, status }),
};

/** Drag on the board: shown at once, saved, and on failure the board is read again. */
export function useMoveProject() {
  return useBoardMove({
    kind: projectBoardKind,
    boardKey,
    columnKey: ['projects', 'column'],
    request: ({ card, to }: BoardMove<Project, ProjectStatus>) =>
      api.patch(`/api/projects/${card.id}/status`, { status: to }, projectSchema),
    moved: (project) => projectStatusUpdated(project.status),
    failed: () => projectMessages.statusFailed,
    refresh: (qc) => qc.invalidateQueries({ queryKey: ['projects'] }),
  });
}
