import { type Dispatch, type SetStateAction, useMemo, useState } from 'react';
import {
  Background,
  type Connection,
  Controls,
  type Edge as CanvasEdge,
  type EdgeChange,
  MarkerType,
  type NodeChange,
  ReactFlow,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import './flow-canvas.css';
import { type FlowDefinition, allBlocks } from '@common/chatbot-flow';
import { useThemeStore } from '../../../lib/theme-store';
import { type BlockNode, BlockNodeView } from './block-node';
import { connect, deleteItems, moveBlocks } from './flow-edits';
import { blockLabel, branchOfHandle, connectionLabel, exitHandleId, exitLabel } from './flow-graph';
import type { FlowEdit, Selection } from './use-flow-draft';

const nodeTypes = { block: BlockNodeView };

const blockHelp =
  'Press Enter or Space to select a block and edit it in the side panel. The arrow keys move a selected block; Delete removes it.';

type Size = { width: number; height: number };
type Point = { x: number; y: number };

interface FlowCanvasProps {
  flow: FlowDefinition;
  selection: Selection;
  onSelect: Dispatch<SetStateAction<Selection>>;
  edit: FlowEdit;
}

/**
 * The draft on a React Flow canvas. The flow is the one truth: nodes and edges are drawn from it, and every change
 * the canvas reports (a move, a connection, a deletion) becomes an edit of the flow, so undo covers them all.
 * The canvas keeps only what is its own: the sizes it measured and where a block is while it is being dragged.
 */
export function FlowCanvas({ flow, selection, onSelect, edit }: FlowCanvasProps) {
  const mode = useThemeStore((state) => state.mode);
  const [sizes, setSizes] = useState<Record<string, Size>>({});
  const [dragging, setDragging] = useState<Record<string, Point>>({});

  const nodes = useMemo<BlockNode[]>(
    () =>
      allBlocks(flow).map((block) => ({
        id: block.id,
        type: 'block',
        position: dragging[block.id] ?? block.position,
        data: { block, isStart: flow.start === block.id },
        selected: selection?.kind === 'block' && selection.id === block.id,
        ariaLabel: `${flow.start === block.id ? 'Start, ' : ''}${blockLabel(block)}`,
        ...(sizes[block.id] ? { measured: sizes[block.id] } : {}),
      })),
    [flow, selection, sizes, dragging],
  );

  const edges = useMemo<CanvasEdge[]>(() => {
    const blocks = new Map(allBlocks(flow).map((block) => [block.id, block]));
    return flow.edges
      .filter((edge) => blocks.has(edge.from) && blocks.has(edge.to))
      .map((edge) => {
        const label = exitLabel(blocks.get(edge.from)!, edge.branch);
        return {
          id: edge.id,
          source: edge.from,
          sourceHandle: exitHandleId(edge.branch),
          target: edge.to,
          selected: selection?.kind === 'edge' && selection.id === edge.id,
          ariaLabel: `Connection from ${connectionLabel(flow, edge)}`,
          markerEnd: { type: MarkerType.ArrowClosed },
          ...(label ? { label } : {}),
        };
      });
  }, [flow, selection]);

  /**
   * A selection React Flow made (a click, Enter on a focused item, a click on the empty canvas). Changes come one by
   * one, a newly selected item's and the one it replaces in either order: an unselect clears only what is still
   * selected when it is applied.
   */
  function follow(kind: 'block' | 'edge', change: { id: string; selected: boolean }) {
    if (change.selected) onSelect({ kind, id: change.id });
    else onSelect((current) => (current?.kind === kind && current.id === change.id ? null : current));
  }

  function onNodesChange(changes: NodeChange<BlockNode>[]) {
    const measured: Record<string, Size> = {};
    const moving: Record<string, Point> = {};
    const moved = new Map<string, Point>();
    for (const change of changes) {
      if (change.type === 'dimensions' && change.dimensions) measured[change.id] = change.dimensions;
      else if (change.type === 'position' && change.position) {
        if (change.dragging) moving[change.id] = change.position;
        else moved.set(change.id, change.position);
      } else if (change.type === 'select') follow('block', change);
      // 'remove' comes with onDelete, which edits the flow; 'add' and 'replace' come only from the flow.
    }
    if (Object.keys(measured).length) setSizes((current) => ({ ...current, ...measured }));
    if (Object.keys(moving).length) setDragging((current) => ({ ...current, ...moving }));
    if (moved.size) {
      // A drag's end, or the arrow keys on a selected block: a few presses in a row are one step of undo.
      edit((current) => moveBlocks(current, moved), `move:${[...moved.keys()].join(',')}`);
      setDragging((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !moved.has(id))));
    }
  }

  function onEdgesChange(changes: EdgeChange[]) {
    for (const change of changes) if (change.type === 'select') follow('edge', change);
  }

  function onConnect(connection: Connection) {
    const branch = branchOfHandle(connection.sourceHandle);
    if (branch === undefined) return;
    edit((current) => connect(current, connection.source, branch, connection.target));
  }

  return (
    <ReactFlow<BlockNode, CanvasEdge>
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onConnect={onConnect}
      isValidConnection={(connection) => connection.source !== connection.target}
      onDelete={({ nodes: gone, edges: cut }) =>
        edit((current) =>
          deleteItems(
            current,
            gone.map((node) => node.id),
            cut.map((edge) => edge.id),
          ),
        )
      }
      deleteKeyCode={['Delete', 'Backspace']}
      // One item at a time: the side panel edits the one selected.
      multiSelectionKeyCode={null}
      selectionKeyCode={null}
      colorMode={mode}
      className="pipewise-flow"
      fitView
      fitViewOptions={{ maxZoom: 1 }}
      minZoom={0.2}
      ariaLabelConfig={{
        'node.a11yDescription.default': blockHelp,
        'node.a11yDescription.keyboardDisabled': blockHelp,
        'edge.a11yDescription.default':
          'Press Enter or Space to select a connection. Press Delete to remove it, Escape to cancel.',
      }}
    >
      <Background />
      <Controls showInteractive={false} />
    </ReactFlow>
  );
}
