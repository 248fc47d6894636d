import type { Deal } from '@common/deals';
import type { DealWhose } from '@common/whose';
import { Board } from '../../components/board/board';
import { columnPages, dealBoardKind, useMoveDeal, type DealBoard as Data } from './api';
import { DealCard } from './deal-card';
import { formatTotal } from './format';

interface DealBoardProps {
  board: Data;
  now: Date;
  onOpen: (deal: Deal) => void;
  whose: DealWhose;
}

/** One column per stage, with its count and the total value of its deals; cards are dragged between stages. */
export function DealBoard({ board, now, onOpen, whose }: DealBoardProps) {
  const { pipelineId } = board;
  const move = useMoveDeal(pipelineId);
  return (
    <Board
      columns={board.columns}
      kind={dealBoardKind}
      pages={columnPages(pipelineId, whose)}
      onMove={(deal, stage) => move.mutate({ card: deal, to: stage })}
      renderCard={(deal, drag) => <DealCard deal={deal} now={now} columnStage={deal.stage} onOpen={onOpen} {...drag} />}
      renderOverlay={(deal) => <DealCard deal={deal} now={now} columnStage={deal.stage} overlay />}
      renderFigures={(column) => (
        <span className="ml-auto text-xs font-medium text-slate-600 tabular-nums dark:text-slate-400">
          <span className="sr-only">Total </span>
          {formatTotal(column.total)}
        </span>
      )}
    />
  );
}
