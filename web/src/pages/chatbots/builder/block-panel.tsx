import { type Block, type FlowDefinition, MAX_LABEL_LENGTH, allBlocks, blockTypeLabels } from '@common/chatbot-flow';
import { Button } from '../../../components/button';
import { Field } from '../../../components/field';
import { SelectField } from '../../../components/select-field';
import { changeBlock } from './block-change';
import { BlockFields } from './block-fields';
import { connect, deleteItems, edgeFrom, setStart } from './flow-edits';
import { blockLabel, connectionLabel, exitDescription, exitsWithLabels } from './flow-graph';
import type { FlowEdit } from './use-flow-draft';

interface BlockPanelProps {
  block: Block;
  flow: FlowDefinition;
  edit: FlowEdit;
  /** Shows a block on the canvas and in this panel (the "Go to" of a connection). */
  onShowBlock: (id: string) => void;
  /** Called once the block is deleted from here, so focus can move on. */
  onDeleted: () => void;
}

/** The selected block: its name, every field of its type, where each exit leads, and what leads to it. */
export function BlockPanel({ block, flow, edit, onShowBlock, onDeleted }: BlockPanelProps) {
  const others = allBlocks(flow).filter((candidate) => candidate.id !== block.id);
  const incoming = flow.edges.filter((edge) => edge.to === block.id);
  const isStart = flow.start === block.id;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        {isStart ? (
          <span className="rounded bg-emerald-100 px-2 py-1 text-xs font-medium text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300">
            The conversation starts here
          </span>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => edit((current) => setStart(current, block.id))}>
            Set as start
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 dark:text-red-400"
          onClick={() => {
            edit((current) => deleteItems(current, [block.id]));
            onDeleted();
          }}
        >
          Delete block
        </Button>
      </div>
      <Field
        label="Block name"
        hint="Shown on the canvas; the text stands in when empty."
        maxLength={MAX_LABEL_LENGTH}
        value={block.name ?? ''}
        onChange={(event) => changeBlock(edit, block, 'name')({ name: event.target.value })}
      />
      <BlockFields block={block} flow={flow} edit={edit} />

      <section aria-labelledby={`exits-${block.id}`} className="space-y-3">
        <h3 id={`exits-${block.id}`} className="text-sm font-semibold text-slate-900 dark:text-slate-100">
          Next
        </h3>
        {block.type === 'end' ? (
          <p className="text-xs text-slate-600 dark:text-slate-400">An End block ends the conversation.</p>
        ) : (
          exitsWithLabels(block).map(({ branch, label, handleId }) => (
            <SelectField
              key={handleId}
              label={label ? `Connect ${label} to…` : 'Connect to…'}
              value={edgeFrom(flow, block.id, branch)?.to ?? ''}
              onChange={(event) => edit((current) => connect(current, block.id, branch, event.target.value || null))}
            >
              <option value="">Not connected (the conversation ends)</option>
              {others.map((other) => (
                <option key={other.id} value={other.id}>
                  {blockLabel(other)}
                </option>
              ))}
            </SelectField>
          ))
        )}
      </section>

      <section aria-labelledby={`incoming-${block.id}`} className="space-y-2">
        <h3 id={`incoming-${block.id}`} className="text-sm font-semibold text-slate-900 dark:text-slate-100">
          Connections into this block
        </h3>
        {incoming.length === 0 ? (
          <p className="text-xs text-slate-600 dark:text-slate-400">None.</p>
        ) : (
          <ul className="space-y-1">
            {incoming.map((edge) => (
              <li key={edge.id} className="flex items-center gap-2 text-sm">
                <button
                  type="button"
                  className="min-w-0 flex-1 truncate text-left text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
                  onClick={() => onShowBlock(edge.from)}
                >
                  From {exitDescription(flow, edge.from, edge.branch)}
                </button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete the connection from ${connectionLabel(flow, edge)}`}
                  onClick={() => edit((current) => deleteItems(current, [], [edge.id]))}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export const blockPanelTitle = (block: Block) => `${blockTypeLabels[block.type]} block`;
