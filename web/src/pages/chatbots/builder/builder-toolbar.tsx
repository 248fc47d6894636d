import { Eye, Redo2, Rocket, Undo2 } from 'lucide-react';
import { type BlockType, blockTypeLabels, blockTypes } from '@common/chatbot-flow';
import { Button } from '../../../components/button';
import { blockIcons } from './block-node';
import type { SaveStatus } from './use-draft-autosave';

interface BuilderToolbarProps {
  onAdd: (type: BlockType) => void;
  onUndo: () => void;
  onRedo: () => void;
  canUndo: boolean;
  canRedo: boolean;
  status: SaveStatus;
  onRetrySave: () => void;
  isPreviewOpen: boolean;
  onPreview: () => void;
  publishing: boolean;
  onPublish: () => void;
}

const shortcut = /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘' : 'Ctrl+';

/** The palette of block types, undo and redo, the draft's save state, Preview and Publish. */
export function BuilderToolbar(props: BuilderToolbarProps) {
  const { status } = props;
  return (
    // nokey: React Flow's Delete and arrow keys act on the canvas's selection, never from the toolbar.
    <div className="nokey space-y-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-1" aria-label="History" role="group">
          <Button
            variant="ghost"
            size="sm"
            aria-keyshortcuts="Control+Z"
            title={`Undo (${shortcut}Z)`}
            disabled={!props.canUndo}
            onClick={props.onUndo}
          >
            <Undo2 aria-hidden="true" className="size-4" />
            Undo
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-keyshortcuts="Control+Shift+Z"
            title={`Redo (${shortcut}Shift+Z)`}
            disabled={!props.canRedo}
            onClick={props.onRedo}
          >
            <Redo2 aria-hidden="true" className="size-4" />
            Redo
          </Button>
        </div>
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {status.kind === 'saved' ? 'Saved' : status.kind === 'saving' ? 'Saving…' : `Not saved: ${status.reason}`}
        </p>
        {status.kind === 'failed' && (
          <Button variant="secondary" size="sm" onClick={props.onRetrySave}>
            Try saving again
          </Button>
        )}
        <div className="ml-auto flex items-center gap-2">
          <Button variant="secondary" size="sm" aria-pressed={props.isPreviewOpen} onClick={props.onPreview}>
            <Eye aria-hidden="true" className="size-4" />
            Preview
          </Button>
          <Button size="sm" loading={props.publishing} onClick={props.onPublish}>
            {!props.publishing && <Rocket aria-hidden="true" className="size-4" />}
            Publish
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Add a block">
        {blockTypes.map((type) => {
          const Icon = blockIcons[type];
          return (
            <Button
              key={type}
              variant="secondary"
              size="sm"
              aria-label={`Add ${blockTypeLabels[type]} block`}
              onClick={() => props.onAdd(type)}
            >
              <Icon aria-hidden="true" className="size-4" />
              {blockTypeLabels[type]}
            </Button>
          );
        })}
      </div>
    </div>
  );
}
