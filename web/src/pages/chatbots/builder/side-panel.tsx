import type { Ref } from 'react';
import { type FlowDefinition, allBlocks, blockTypeLabels } from '@common/chatbot-flow';
import { Button } from '../../../components/button';
import { BlockPanel } from './block-panel';
import { deleteItems } from './flow-edits';
import { blockCaption, connectionLabel } from './flow-graph';
import { FlowPanel } from './flow-panel';
import type { FlowEdit, Selection } from './use-flow-draft';

interface SidePanelProps {
  flow: FlowDefinition;
  selection: Selection;
  edit: FlowEdit;
  onShowBlock: (id: string) => void;
  onShowEdge: (id: string) => void;
  /** Back to the flow as a whole, focus on this panel's heading. */
  onClear: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * What is selected, to edit without the canvas: a block's fields, a connection, or (nothing selected) the lists of
 * blocks and connections, so every one of them can be reached from the keyboard. The heading takes focus when the
 * panel changes from the keyboard.
 */
export function SidePanel({ flow, selection, edit, onShowBlock, onShowEdge, onClear, headingRef }: SidePanelProps) {
  const block = selection?.kind === 'block' ? allBlocks(flow).find((b) => b.id === selection.id) : undefined;
  const edge = selection?.kind === 'edge' ? flow.edges.find((e) => e.id === selection.id) : undefined;
  const title = block ? `${blockTypeLabels[block.type]} block` : edge ? 'Connection' : 'Flow';

  return (
    <aside
      aria-labelledby="builder-panel-title"
      // nokey: React Flow's Delete and arrow keys act on the canvas's selection, never from a panel.
      className="nokey flex min-h-0 flex-col border-slate-200 bg-white md:w-88 md:shrink-0 md:border-l dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <h2
          id="builder-panel-title"
          ref={headingRef}
          tabIndex={-1}
          className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900 outline-none dark:text-white"
        >
          {title}
          {block && <span className="sr-only">: {blockCaption(block)}</span>}
        </h2>
        {selection && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            Whole flow
          </Button>
        )}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-4">
        {block ? (
          <BlockPanel
            key={block.id}
            block={block}
            flow={flow}
            edit={edit}
            onShowBlock={onShowBlock}
            onDeleted={onClear}
          />
        ) : edge ? (
          <div className="space-y-3">
            <p className="text-sm text-slate-800 dark:text-slate-200">{connectionLabel(flow, edge)}</p>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => onShowBlock(edge.from)}>
                Go to its start
              </Button>
              <Button variant="secondary" size="sm" onClick={() => onShowBlock(edge.to)}>
                Go to its end
              </Button>
              <Button
                variant="danger"
                size="sm"
                onClick={() => {
                  edit((current) => deleteItems(current, [], [edge.id]));
                  onClear();
                }}
              >
                Delete connection
              </Button>
            </div>
          </div>
        ) : (
          <FlowPanel flow={flow} edit={edit} onShowBlock={onShowBlock} onShowEdge={onShowEdge} />
        )}
      </div>
    </aside>
  );
}
