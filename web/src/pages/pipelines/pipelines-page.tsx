import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { GitBranch, Plus } from 'lucide-react';
import { pipelineMessages, type Pipeline } from '@common/pipelines';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmModal } from '../../components/confirm-modal';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { managesWorkspace, useCurrentWorkspace } from '../team/api';
import { pipelinesQuery, useCreatePipeline, useDeletePipeline, useRenamePipeline } from './api';
import { NameModal } from './name-modal';
import { PipelineCard } from './pipeline-card';

export function PipelinesPage() {
  const { data, isPending, isError, refetch } = useQuery(pipelinesQuery());
  // Admins manage pipelines (the server refuses a Member): the controls wait until the role is known.
  const role = useCurrentWorkspace()?.role;
  const canManage = managesWorkspace(role);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Pipeline | null>(null);
  const [deleting, setDeleting] = useState<Pipeline | null>(null);
  const create = useCreatePipeline();
  const rename = useRenamePipeline();
  const remove = useDeletePipeline();

  useEffect(() => {
    if (isError) toast.error(pipelineMessages.loadFailed, { id: 'pipelines-load' });
  }, [isError]);

  return (
    <>
      <PageTitle
        title="Pipeline Settings"
        description={
          role === 'member'
            ? `The stages your deals move through. ${pipelineMessages.memberNote}`
            : 'The stages your deals move through.'
        }
        actions={
          canManage && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="size-4" />
              Create Pipeline
            </Button>
          )
        }
      />
      {isPending ? (
        <Card className="flex justify-center py-16">
          <Spinner label="Loading pipelines" className="size-6 text-indigo-500" />
        </Card>
      ) : !data ? (
        <Card>
          <EmptyState
            message={pipelineMessages.loadFailed}
            action={
              <Button variant="secondary" onClick={() => refetch()}>
                Retry
              </Button>
            }
          />
        </Card>
      ) : data.length === 0 ? (
        <Card>
          <EmptyState
            icon={<GitBranch aria-hidden="true" className="size-6" />}
            message={role === 'member' ? pipelineMessages.memberEmpty : pipelineMessages.empty}
          />
        </Card>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          {data.map((pipeline) => (
            <PipelineCard
              key={pipeline.id}
              pipeline={pipeline}
              canManage={canManage}
              onRename={setRenaming}
              onDelete={setDeleting}
            />
          ))}
        </div>
      )}
      <NameModal
        open={creating}
        onOpenChange={setCreating}
        title="Create Pipeline"
        label="Pipeline name"
        submitLabel="Create"
        pending={create.isPending}
        onSubmit={(name) => create.mutate(name, { onSuccess: () => setCreating(false) })}
      />
      <NameModal
        open={renaming !== null}
        onOpenChange={(open) => !open && setRenaming(null)}
        title="Rename Pipeline"
        label="Pipeline name"
        submitLabel="Save"
        initialName={renaming?.name ?? ''}
        pending={rename.isPending}
        onSubmit={(name) => {
          if (!renaming) return;
          if (name === renaming.name) setRenaming(null);
          else rename.mutate({ id: renaming.id, name }, { onSuccess: () => setRenaming(null) });
        }}
      />
      <ConfirmModal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Pipeline"
        message={pipelineMessages.deleteTitle}
        detail={pipelineMessages.deleteBody}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </>
  );
}
