import { useMutation, useQueryClient, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Page } from '@common/http';
import { moveOnBoard, type BoardCard, type BoardColumnData, type BoardData, type BoardKind } from './board-model';

/** A card going to the column `to`; an area may add what its toasts need (how a task was moved). */
export interface BoardMove<T extends BoardCard, K extends string> {
  card: T;
  to: K;
}

interface BoardMoveOptions<T extends BoardCard, C extends BoardColumnData<T>, K extends string, M, S> {
  kind: BoardKind<T, C, K>;
  /** The cached boards the card moves on at once: every board under this key (a task board per filter). */
  boardKey: QueryKey;
  /** The cached later pages of the columns ("Load more"), which lose the card at once. */
  columnKey: QueryKey;
  /** Saves the move; answers the card as saved. */
  request: (move: M) => Promise<S>;
  /** The saved card's own cache entry, set from the answer. */
  cardKey?: (saved: S) => QueryKey;
  /** The toasts: after the save, after a failure. */
  moved: (saved: S, move: M) => string;
  failed: (move: M) => string;
  /** What is read again once the move is saved or has failed (a failure thereby undoes the move on the screen). */
  refresh: (qc: QueryClient) => Promise<unknown>;
}

/** A move on a board: shown at once, saved, and on failure the board is read again. */
export function useBoardMove<
  T extends BoardCard,
  C extends BoardColumnData<T>,
  K extends string,
  M extends BoardMove<T, K>,
  S,
>({ kind, boardKey, columnKey, request, cardKey, moved, failed, refresh }: BoardMoveOptions<T, C, K, M, S>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: request,
    onMutate: async ({ card, to }: M) => {
      await qc.cancelQueries({ queryKey: boardKey });
      qc.setQueriesData<BoardData<C>>({ queryKey: boardKey }, (board) => board && moveOnBoard(board, kind, card, to));
      qc.setQueriesData<InfiniteData<Page<T>>>({ queryKey: columnKey }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== card.id) })),
            }
          : data,
      );
    },
    onSuccess: (saved, move) => {
      toast.success(moved(saved, move));
      if (cardKey) qc.setQueryData(cardKey(saved), saved);
    },
    onError: (_, move) => toast.error(failed(move)),
    onSettled: () => refresh(qc),
  });
}
