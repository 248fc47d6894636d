import type { Count } from '@common/http';

/** What every board's card has: its id, the name the screen reader says, and its age (columns list the newest first). */
export interface BoardCard {
  id: string;
  name: string;
  createdAt: string;
}

/** A column as the board's request gives it: its first page, its count, the cursor of its next page. */
export interface BoardColumnData<T extends BoardCard> {
  count: Count;
  items: T[];
  nextCursor: string | null;
}

export interface BoardData<C> {
  columns: C[];
}

/** An area's board: what its cards are, and where it keeps a card's column (a deal's stage, a project's status). */
export interface BoardKind<T extends BoardCard, C extends BoardColumnData<T>, K extends string> {
  /** What a card is ("deal"): the board's name ("Deal board"), the columns' counts, what a screen reader hears. */
  noun: string;
  /** What a column stands for ("stage", "status"), in the keyboard's instructions. */
  columnNoun: string;
  ofColumn: (column: C) => K;
  ofCard: (card: T) => K;
  /** The card as it will be once in the column `key`. */
  place: (card: T, key: K) => T;
  /** A column's figures besides its count that follow its cards (a deal column's total). */
  adjust?: (column: C, card: T, by: 1 | -1) => Partial<C>;
}

const byNewest = (a: BoardCard, b: BoardCard) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0);

/** A capped count stays as it is past the cap: one more or less of "10,000+" is still "10,000+". */
export const shiftCount = (count: Count, by: number): Count =>
  count.hasMore ? count : { count: Math.max(0, count.count + by), hasMore: false };

/** The board as it will be once the card sits in the column `to`: card moved, counts (and figures) adjusted. */
export function moveOnBoard<
  T extends BoardCard,
  C extends BoardColumnData<T>,
  K extends string,
  B extends BoardData<C>,
>(board: B, kind: BoardKind<T, C, K>, card: T, to: K): B {
  const from = kind.ofCard(card);
  return {
    ...board,
    columns: board.columns.map((column) => {
      const key = kind.ofColumn(column);
      if (key === from) {
        const items = column.items.filter((item) => item.id !== card.id);
        return { ...column, items, count: shiftCount(column.count, -1), ...kind.adjust?.(column, card, -1) };
      }
      if (key === to) {
        const items = [...column.items, kind.place(card, to)].sort(byNewest);
        return { ...column, items, count: shiftCount(column.count, 1), ...kind.adjust?.(column, card, 1) };
      }
      return column;
    }),
  };
}

/**
 * The cards a column shows: its first page, then the pages "Load more" read. A card dragged in lands among the
 * first page too, and may come again in a later one: shown once; a card dragged out, already gone, is left out.
 */
export function columnCards<T extends BoardCard, K extends string>(pages: T[][], key: K, ofCard: (card: T) => K): T[] {
  const seen = new Set<string>();
  const cards: T[] = [];
  for (const card of pages.flat()) {
    if (seen.has(card.id) || ofCard(card) !== key) continue;
    seen.add(card.id);
    cards.push(card);
  }
  return cards;
}
