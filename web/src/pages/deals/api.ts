import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { contactsApi } from '@common/contacts-api';
import { dealMessages, dealMoved, type BoardColumn, type Deal, type DealInput } from '@common/deals';
import { dealsApi } from '@common/deals-api';
import type { Count } from '@common/http';
import { pipelineMessages, type Pipeline } from '@common/pipelines';
import { pipelinesApi } from '@common/pipelines-api';
import type { DealWhose } from '@common/whose';
import type { ColumnPages } from '../../components/board/board-column';
import type { BoardKind } from '../../components/board/board-model';
import { useBoardMove, type BoardMove } from '../../components/board/use-board-move';
import type { PickerOption } from '../../components/search-picker';
import { call } from '../../lib/api';
import { contactKeys } from '../contacts/keys';
import { pipelineKeys } from '../pipelines/keys';
import { dealKeys } from './keys';

/** How many contacts the picker shows for a search. */
export const CONTACT_SEARCH_LIMIT = 20;
/** A column's "Load more" page. */
export const COLUMN_PAGE_SIZE = 20;

/** A stage's column as the screen keeps it: its count, exact, in the shape of the project and task boards' counts. */
export type DealColumn = Omit<BoardColumn, 'count'> & { count: Count };
export interface DealBoard {
  pipelineId: string;
  columns: DealColumn[];
}

/** The whole board of a pipeline in one request: each column's first page, count and total (of `whose` deals). */
export const boardQuery = (pipelineId: string, whose: DealWhose = 'everyone') =>
  queryOptions({
    queryKey: dealKeys.board(pipelineId, whose),
    queryFn: async (): Promise<DealBoard> => {
      const board = await call(dealsApi.board, { query: { pipelineId, whose: onlyMine(whose) } });
      return {
        ...board,
        columns: board.columns.map((column) => ({ ...column, count: { count: column.count, hasMore: false } })),
      };
    },
  });

/** The pages of a column after its first one, from the cursor the board gave. */
export const columnPages = (pipelineId: string, whose: DealWhose = 'everyone'): ColumnPages<Deal, string> => ({
  key: (stage, start) => dealKeys.column(pipelineId, whose, stage, start),
  fetch: (stage, cursor) =>
    call(dealsApi.column, {
      query: { pipelineId, stage, whose: onlyMine(whose), limit: COLUMN_PAGE_SIZE, cursor },
    }),
});

/** Everyone's is the API's default: left out of the request. */
const onlyMine = (whose: DealWhose) => (whose === 'mine' ? whose : undefined);

/** One deal with its details (the board's cards leave its notes out). */
export const dealQuery = (id: string) =>
  queryOptions({ queryKey: dealKeys.one(id), queryFn: () => call(dealsApi.one, { params: { id } }) });

export const contactQuery = (id: string) =>
  queryOptions({ queryKey: contactKeys.one(id), queryFn: () => call(contactsApi.one, { params: { id } }) });

/** A server-side search of the user's contacts, one page: the picker never loads them all. */
export const contactSearchQuery = (q: string) =>
  queryOptions({
    // A copy: a picker's search (PickerSearch) is typed with a string[] key.
    queryKey: [...contactKeys.search(q)],
    queryFn: async (): Promise<PickerOption[]> => {
      const { items } = await call(contactsApi.list, { query: { limit: CONTACT_SEARCH_LIMIT, q: q || undefined } });
      return items.map((c) => ({ id: c.id, name: c.name, detail: [c.company, c.email].filter(Boolean).join(' · ') }));
    },
  });

export function useCreateDefaultPipeline() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(pipelinesApi.create, { body: { name: 'Sales Pipeline', isDefault: true } }),
    onSuccess: (pipeline) => {
      qc.setQueryData<Pipeline[]>(pipelineKeys.list(), (list) => [...(list ?? []), pipeline]);
      return qc.invalidateQueries({ queryKey: pipelineKeys.all });
    },
    onError: () => toast.error(pipelineMessages.createFailed),
  });
}

function useInvalidateDeals() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: dealKeys.all });
}

export function useCreateDeal() {
  const invalidate = useInvalidateDeals();
  return useMutation({
    mutationFn: (input: DealInput) => call(dealsApi.create, { body: input }),
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
      call(dealsApi.update, { params: { id }, body: input }),
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
    mutationFn: (id: string) => call(dealsApi.remove, { params: { id } }),
    onSuccess: () => {
      toast.success(dealMessages.deleted);
      // Not the deal itself: its details close now, and reading it again would only answer 404.
      void qc.invalidateQueries({ queryKey: dealKeys.boards() });
      void qc.invalidateQueries({ queryKey: dealKeys.allColumns() });
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
    boardKey: dealKeys.pipelineBoards(pipelineId),
    columnKey: dealKeys.columns(pipelineId),
    request: ({ card, to }: BoardMove<Deal, string>) =>
      call(dealsApi.move, { params: { id: card.id }, body: { stage: to } }),
    cardKey: (deal) => dealKeys.one(deal.id),
    moved: (deal) => dealMoved(deal.stage),
    failed: () => dealMessages.moveFailed,
    refresh: (qc) => qc.invalidateQueries({ queryKey: dealKeys.all }),
  });
}
