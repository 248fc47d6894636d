import type { Block, FlowDefinition } from '@common/chatbot-flow';
import { addVariable, updateBlock } from './flow-edits';
import type { FlowEdit } from './use-flow-draft';

export interface BlockFieldsProps<B extends Block = Block> {
  block: B;
  flow: FlowDefinition;
  edit: FlowEdit;
}

/**
 * A field's change to the block. `field` names what changed: typing in one field is one step of undo. A variable
 * chosen that the flow does not have yet (typed in as new) becomes one of the flow's in the same change.
 */
export function changeBlock<B extends Block>(edit: FlowEdit, block: B, field: string) {
  return (patch: Partial<B>, newVariable?: string | null) =>
    edit(
      (flow) =>
        updateBlock(newVariable ? addVariable(flow, newVariable) : flow, block.id, (current) =>
          current.type === block.type ? { ...current, ...patch } : current,
        ),
      `${block.id}:${field}`,
    );
}
