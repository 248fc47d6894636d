import { describe, expect, it } from 'vitest';
import { columnCards, moveOnBoard, type BoardColumnData, type BoardKind } from './board-model';

interface Card {
  id: string;
  name: string;
  createdAt: string;
  stage: string;
  value: number;
}
interface Column extends BoardColumnData<Card> {
  stage: string;
  total: number;
}

const card = (id: string, stage: string, createdAt: string, value = 0): Card => ({
  id,
  name: `Card ${id}`,
  createdAt,
  stage,
  value,
});
const column = (stage: string, items: Card[], count = items.length, hasMore = false): Column => ({
  stage,
  items,
  count: { count, hasMore },
  total: items.reduce((sum, item) => sum + item.value, 0),
  nextCursor: null,
});

const kind: BoardKind<Card, Column, string> = {
  noun: 'card',
  columnNoun: 'stage',
  ofColumn: (c) => c.stage,
  ofCard: (c) => c.stage,
  place: (c, stage) => ({ ...c, stage }),
  adjust: (c, moved, by) => ({ total: c.total + by * moved.value }),
};

describe('moveOnBoard', () => {
  const a = card('a', 'Lead', '2026-01-01', 100);
  const b = card('b', 'Won', '2026-01-03', 50);
  const board = { pipelineId: 'p', columns: [column('Lead', [a]), column('Won', [b]), column('Lost', [])] };

  it('takes the card out of its column and puts it, newest first, into the other, counts and totals following', () => {
    const moved = moveOnBoard(board, kind, a, 'Won');
    expect(moved.pipelineId).toBe('p');
    expect(moved.columns[0]).toMatchObject({ items: [], count: { count: 0, hasMore: false }, total: 0 });
    expect(moved.columns[1]).toMatchObject({ count: { count: 2, hasMore: false }, total: 150 });
    expect(moved.columns[1]!.items.map((item) => [item.id, item.stage])).toEqual([
      ['b', 'Won'],
      ['a', 'Won'],
    ]);
    expect(moved.columns[2]).toBe(board.columns[2]);
  });

  it('leaves a count past the cap as it is', () => {
    const capped = { columns: [column('Lead', [a], 10_000, true), column('Won', [b], 10_000, true)] };
    const moved = moveOnBoard(capped, kind, a, 'Won');
    expect(moved.columns.map((c) => c.count)).toEqual([
      { count: 10_000, hasMore: true },
      { count: 10_000, hasMore: true },
    ]);
  });

  it('never counts below zero', () => {
    const moved = moveOnBoard({ columns: [column('Lead', [a], 0), column('Won', [])] }, kind, a, 'Won');
    expect(moved.columns[0]!.count.count).toBe(0);
  });
});

describe('columnCards', () => {
  it('shows a card once though it comes again in a later page, and leaves out a card of another column', () => {
    const a = card('a', 'Lead', '2026-01-03');
    const b = card('b', 'Lead', '2026-01-02');
    const gone = card('c', 'Won', '2026-01-01');
    expect(columnCards([[a], [b, a, gone]], 'Lead', kind.ofCard).map((c) => c.id)).toEqual(['a', 'b']);
  });
});
