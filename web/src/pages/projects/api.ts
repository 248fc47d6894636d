import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  PROJECT_BOARD_PAGE_SIZE,
  projectMessages,
  projectStatusUpdated,
  type Project,
  type ProjectBoardColumn,
  type ProjectInput,
  type ProjectStatus,
} from '@common/projects';
import { projectsApi } from '@common/projects-api';
import type { ColumnPages } from '../../components/board/board-column';
import type { BoardKind } from '../../components/board/board-model';
import { useBoardMove, type BoardMove } from '../../components/board/use-board-move';
import { call } from '../../lib/api';
import { pageQuery } from '../../lib/paging';
import { projectKeys } from './keys';

/** A page of the grid: fills rows of one, two, three or four cards. */
export const PROJECTS_PAGE_SIZE = 24;

/** Every column's first page and count, in one request. */
export const projectBoardQuery = () =>
  queryOptions({ queryKey: projectKeys.board(), queryFn: () => call(projectsApi.board) });

/** The pages of a column after its first one, from the cursor the board gave. */
export const columnPages: ColumnPages<Project, ProjectStatus> = {
  key: (status, start) => projectKeys.column(status, start),
  fetch: (status, cursor) => call(projectsApi.list, { query: { status, limit: PROJECT_BOARD_PAGE_SIZE, cursor } }),
};

/** One page of the grid, newest first, after a cursor (null: the first page). */
export const projectsPageQuery = (cursor: string | null) =>
  queryOptions({
    queryKey: projectKeys.page(cursor),
    queryFn: () => call(projectsApi.list, { query: pageQuery(PROJECTS_PAGE_SIZE, cursor) }),
  });

/** One project, for a link that opens it (?project=<id>, from the command menu). */
export const projectQuery = (id: string) =>
  queryOptions({
    queryKey: projectKeys.one(id),
    queryFn: () => call(projectsApi.one, { params: { id } }),
  });

function useInvalidateProjects() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: projectKeys.all });
}

export function useCreateProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (input: ProjectInput) => call(projectsApi.create, { body: input }),
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
      call(projectsApi.update, { params: { id }, body: input }),
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
    mutationFn: (id: string) => call(projectsApi.remove, { params: { id } }),
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
    boardKey: projectKeys.board(),
    columnKey: projectKeys.columns(),
    request: ({ card, to }: BoardMove<Project, ProjectStatus>) =>
      call(projectsApi.move, { params: { id: card.id }, body: { status: to } }),
    moved: (project) => projectStatusUpdated(project.status),
    failed: () => projectMessages.statusFailed,
    refresh: (qc) => qc.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
