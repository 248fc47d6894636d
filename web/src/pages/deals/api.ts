import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { contactPageSchema, contactSchema } from '@common/contacts';
import {
  boardSchema,
  dealMessages,
  dealMoved,
  dealDetailSchema,
  dealPageSchema,
  type BoardColumn,
  type Deal,
  type DealInput,
} from '@common/deals';
import type { Count } from '@common/http';
import { pipelineListSchema, pipelineMessages, pipelineSchema, type Pipeline } from '@common/pipelines';
import type { ColumnPages } from '../../components/board/board-column';
import type { BoardKind } from '../../components/board/board-model';
import { useBoardMove, type BoardMove } from '../../components/board/use-board-move';
import type { PickerOption } from '../../components/search-picker';
import { api } from '../../lib/api';

/** How many contacts the picker shows for a search. */
export const CONTACT_SEARCH_LIMIT = 20;
/** A column's "Load more" page. */
export const COLUMN_PAGE_SIZE = 20;

/** The same cache entry as the pipeline settings page. */
export const pipelinesQuery = () =>
  queryOptions({ queryKey: ['pipelines'], queryFn: () => api.get('/api/pipelines', pipelineListSchema) });

const boardKey = (pipelineId: string) => ['deals', 'board', pipelineId] as const;

/** A stage's column as the screen keeps it: its count, exact, in the shape of the project and task boards' counts. */
export type DealColumn = Omit<BoardColumn, 'count'> & { count: Count };
export interface DealBoard {
  pipelineId: string;
  columns: DealColumn[];
}

/** The whole board of a pipeline in one request: each column's first page, count and total. */
export const boardQuery = (pipelineId: string) =>
  queryOptions({
    queryKey: boardKey(pipelineId),
    queryFn: async (): Promise<DealBoard> => {
      const board = await api.get(`/api/deals/board?pipelineId=${encodeURIComponent(pipelineId)}`, boardSchema);
      return {
        ...board,
        columns: board.columns.map((column) => ({ ...column, count: { count: column.count, hasMore: false } })),
      };
    },
  });

/** The pages of a column after its first one, from the cursor the board gave. */
export const columnPages = (pipelineId: string): ColumnPages<Deal, string> => ({
  key: (stage, start) => ['deals', 'column', pipelineId, stage, start],
  fetch: (stage, cursor) => {
    const params = new URLSearchParams({ pipelineId, stage, limit: String(COLUMN_PAGE_SIZE), cursor });
    return api.get(`/api/deals?${params.toString()}`, dealPageSchema);
  },
});

/** One deal with its details (the board's cards leave its notes out). */
export const dealQuery = (id: string) =>
  queryOptions({ queryKey: ['deals', 'one', id], queryFn: () => api.get(`/api/deals/${id}`, dealDetailSchema) });

export const contactQuery = (id: string) =>
  queryOptions({ queryKey: ['contacts', 'one', id], queryFn: () => api.get(`/api/contacts/${id}`, contactSchema) });

/** A server-side search of the user's contacts, one page: the picker never loads them all. */
export const contactSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['contacts', 'search', q],
    queryFn: async (): Promise<PickerOption[]> => {
      const params = new URLSearchParams({ limit: String(CONTACT_SEARCH_LIMIT) });
      if (q) params.set('q', q);
      const { items } = await api.get(`/api/contacts?${params.toString()}`, contactPageSchema);
      return items.map((c) => ({ id: c.id, name: c.name, detail: [c.company, c.email].filter(Boolean).join(' · ') }));
    },
  });

export function useCreateDefaultPipeline() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/pipelines', { name: 'Sales Pipeline', isDefault: true }, pipelineSchema),
    onSuccess: (pipeline) => {
      qc.setQueryData<Pipeline[]>(['pipelines'], (list) => [...(list ?? []), pipeline]);
      return qc.invalidateQueries({ queryKey: ['pipelines'] });
    },
    onError: () => toast.error(pipelineMessages.createFailed),
  });
}

function useInvalidateDeals() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['deals'] });
}

export function useCreateDeal() {
  const invalidate = useInvalidateDeals();
  return useMutation({
    mutationFn: (input: DealInput) => api.post('/api/deals', input, dealDetailSchema),
    onSuccess: () => {
      toast.success(dealMessages.created);
      return invalidate();
    },
    onError: () => toast.error(dealMessages.saveFailed),
  });
}

export function useUpdateDeal() {
  const invalidate = useInvalidateDeals();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: DealInput }) =>
      api.patch(`/api/deals/${id}`, input, dealDetailSchema),
    onSuccess: () => {
      toast.success(dealMessages.updated);
      return invalidate();
    },
    onError: () => toast.error(dealMessages.saveFailed),
  });
}

export function useDeleteDeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/deals/${id}`),
    onSuccess: () => {
      toast.success(dealMessages.deleted);
      // Not the deal itself: its details close now, and reading it again would only answer 404.
      void qc.invalidateQueries({ queryKey: ['deals', 'board'] });
      void qc.invalidateQueries({ queryKey: ['deals', 'column'] });
    },
    onError: () => toast.error(dealMessages.deleteFailed),
  });
}

/** A deal's column is its stage; a column's total follows its cards as its count does. */
export const dealBoardKind: BoardKind<Deal, DealColumn, string> = {
  noun: 'deal',
  columnNoun: 'stage',
  ofColumn: (column) => column.stage,
  ofCard: (deal) => deal.stage,
  place: (deal, stage) => ({ ...deal, stage }),
  adjust: (column, deal, by) => ({ total: column.total + by * (deal.value ?? 0) }),
};

/** Drag on the board: shown at once, saved, and on failure the board is read again. */
export function useMoveDeal(pipelineId: string) {
  return useBoardMove({
    kind: dealBoardKind,
    boardKey: boardKey(pipelineId),
    columnKey: ['deals', 'column', pipelineId],
    request: ({ card, to }: BoardMove<Deal, string>) =>
      api.patch(`/api/deals/${card.id}/stage`, { stage: to }, dealDetailSchema),
    cardKey: (deal) => ['deals', 'one', deal.id],
    moved: (deal) => dealMoved(deal.stage),
    failed: () => dealMessages.moveFailed,
    refresh: (qc) => qc.invalidateQueries({ queryKey: ['deals'] }),
  });
}
