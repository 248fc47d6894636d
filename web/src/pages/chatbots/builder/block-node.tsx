import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import {
  CalendarClock,
  CircleStop,
  MessageCircleQuestion,
  MessageSquare,
  Sparkles,
  Split,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { type Block, type BlockType, blockTypeLabels } from '@common/chatbot-flow';
import { cn } from '../../../lib/cn';
import { blockCaption, exitsWithLabels } from './flow-graph';

export const blockIcons: Record<BlockType, LucideIcon> = {
  message: MessageSquare,
  ask: MessageCircleQuestion,
  condition: Split,
  aiAnswer: Sparkles,
  captureLead: UserPlus,
  offerBooking: CalendarClock,
  end: CircleStop,
};

export interface BlockNodeData extends Record<string, unknown> {
  block: Block;
  isStart: boolean;
}
export type BlockNode = Node<BlockNodeData, 'block'>;

const handleClasses = '!size-3 !border-2 !border-white !bg-indigo-600 dark:!border-slate-900';

/** A block on the canvas: its type, its name or text, an entry at the top and a handle for each exit. */
export function BlockNodeView({ data, selected }: NodeProps<BlockNode>) {
  const { block, isStart } = data;
  const Icon = blockIcons[block.type];
  const exits = exitsWithLabels(block);
  const single = exits.length === 1 && exits[0]!.branch === null;
  return (
    <div
      className={cn(
        'w-56 rounded-lg border bg-white text-left shadow-sm dark:bg-slate-900',
        selected ? 'border-indigo-600 ring-2 ring-indigo-500/50' : 'border-slate-300 dark:border-slate-700',
      )}
    >
      <Handle type="target" position={Position.Top} className={handleClasses} />
      <div className="px-3 py-2">
        <div className="flex items-center gap-1.5 text-xs font-semibold text-indigo-700 dark:text-indigo-300">
          <Icon aria-hidden="true" className="size-3.5" />
          {blockTypeLabels[block.type]}
          {isStart && (
            <span className="ml-auto rounded bg-emerald-100 px-1.5 py-0.5 text-[11px] font-medium text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300">
              Start
            </span>
          )}
        </div>
        <p className="mt-1 line-clamp-2 text-sm wrap-anywhere text-slate-900 dark:text-slate-100">
          {blockCaption(block)}
        </p>
      </div>
      {single && <Handle type="source" id={exits[0]!.handleId} position={Position.Bottom} className={handleClasses} />}
      {!single && exits.length > 0 && (
        <ul className="border-t border-slate-200 py-1 dark:border-slate-700">
          {exits.map((exit) => (
            <li key={exit.handleId} className="relative px-3 py-1 pr-5 text-xs text-slate-700 dark:text-slate-300">
              <span className="line-clamp-1 wrap-anywhere">{exit.label}</span>
              <Handle type="source" id={exit.handleId} position={Position.Right} className={handleClasses} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
