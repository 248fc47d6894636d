import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { MAX_STAGES, pipelineMessages, type Pipeline } from '@common/pipelines';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Field } from '../../components/field';
import { useAddStage, useRemoveStage, useRenameStage, useReorderStages, useSetDefaultPipeline } from './api';
import { NameModal } from './name-modal';
import { StageList, StageNames } from './stage-list';

interface PipelineCardProps {
  pipeline: Pipeline;
  /** An Owner or Admin: the pipeline's controls; a Member reads its stages only. */
  canManage: boolean;
  onRename: (pipeline: Pipeline) => void;
  onDelete: (pipeline: Pipeline) => void;
}

/** One pipeline: its name, default state, and its stages, each change saved at once. */
export function PipelineCard({ pipeline, canManage, onRename, onDelete }: PipelineCardProps) {
  const headingId = useId();
  const [newStage, setNewStage] = useState('');
  const [renaming, setRenaming] = useState<string | null>(null);
  const setDefault = useSetDefaultPipeline();
  const addStage = useAddStage();
  const removeStage = useRemoveStage();
  const renameStage = useRenameStage();
  const reorder = useReorderStages();
  const pipelineId = pipeline.id;

  const trimmed = newStage.trim();
  const full = pipeline.stages.length >= MAX_STAGES;

  const submitStage = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    if (pipeline.stages.includes(trimmed)) {
      toast.error(pipelineMessages.stageExists);
      return;
    }
    addStage.mutate({ pipelineId, name: trimmed });
    setNewStage('');
  };

  return (
    <Card>
      <section aria-labelledby={headingId} className="flex h-full flex-col">
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <h2
            id={headingId}
            className="min-w-0 grow basis-40 text-base font-semibold break-words text-slate-900 dark:text-white"
          >
            {pipeline.name}
          </h2>
          <div className="flex items-center gap-1">
            {pipeline.isDefault ? (
              <Badge variant="success">Default Pipeline</Badge>
            ) : (
              canManage && (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={setDefault.isPending}
                  onClick={() => setDefault.mutate(pipelineId)}
                >
                  Set as Default
                </Button>
              )
            )}
            {canManage && (
              <>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Rename pipeline ${pipeline.name}`}
                  onClick={() => onRename(pipeline)}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete pipeline ${pipeline.name}`}
                  className="text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10"
                  onClick={() => onDelete(pipeline)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </>
            )}
          </div>
        </div>
        <div className="flex flex-1 flex-col gap-4 p-4">
          {canManage ? (
            <>
              <StageList
                stages={pipeline.stages}
                onReorder={(stages) => reorder.mutate({ pipelineId, stages })}
                onRename={setRenaming}
                onRemove={(name) => removeStage.mutate({ pipelineId, name })}
              />
              <form onSubmit={submitStage} noValidate className="mt-auto flex items-end gap-2">
                <Field
                  label="New stage name"
                  className="flex-1"
                  autoComplete="off"
                  maxLength={60}
                  value={newStage}
                  onChange={(event) => setNewStage(event.target.value)}
                />
                <Button type="submit" disabled={!trimmed || full}>
                  <Plus aria-hidden="true" className="size-4" />
                  Add Stage
                </Button>
              </form>
              {full && (
                <p className="-mt-2 text-xs text-slate-600 dark:text-slate-400">{pipelineMessages.tooManyStages}</p>
              )}
            </>
          ) : (
            <StageNames stages={pipeline.stages} />
          )}
        </div>
      </section>
      <NameModal
        open={renaming !== null}
        onOpenChange={(open) => !open && setRenaming(null)}
        title="Rename Stage"
        label="Stage name"
        submitLabel="Save"
        initialName={renaming ?? ''}
        pending={renameStage.isPending}
        onSubmit={(to) => {
          if (renaming && to !== renaming) renameStage.mutate({ pipelineId, from: renaming, to });
          setRenaming(null);
        }}
      />
    </Card>
  );
}
