import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Handshake, Plus } from 'lucide-react';
import { dealMessages, type Deal } from '@common/deals';
import { pipelineMessages, preferredPipeline } from '@common/pipelines';
import { dealWhoseLabels, type DealWhose } from '@common/whose';
import { Button, buttonClasses } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmModal } from '../../components/confirm-modal';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { WhoseSelect } from '../../components/whose-select';
import { useParamOnce } from '../../lib/use-param-once';
import { pipelinesQuery } from '../pipelines/api';
import { useIsTeam } from '../team/people-select';
import { useCurrentWorkspace } from '../team/api';
import { boardQuery, dealQuery, useCreateDefaultPipeline, useDeleteDeal } from './api';
import { DealBoard } from './deal-board';
import { DealModal } from './deal-modal';

function Loading({ label }: { label: string }) {
  return (
    <Card className="flex justify-center py-16">
      <Spinner label={label} className="size-6 text-indigo-500" />
    </Card>
  );
}

const whoseChoices = [{ value: 'mine', label: dealWhoseLabels.mine }] as const;

/**
 * The deal board of one pipeline (?pipeline=<id>), of everyone's deals or the viewer's own (?whose=mine); a deal's
 * details open over it (?deal=<id>).
 */
export function DealsPage() {
  const [params, setParams] = useSearchParams();
  const pipelines = useQuery(pipelinesQuery());
  const list = pipelines.data;
  const chosen = list?.find((p) => p.id === params.get('pipeline')) ?? (list ? preferredPipeline(list) : undefined);
  const whose: DealWhose = params.get('whose') === 'mine' ? 'mine' : 'everyone';
  // Alone in the workspace every deal is one's own: the choice appears with a colleague (or a link that made it).
  const showsWhose = useIsTeam() || whose === 'mine';
  const board = useQuery({ ...boardQuery(chosen?.id ?? '', whose), enabled: Boolean(chosen) });
  const dealId = params.get('deal');
  const details = useQuery({ ...dealQuery(dealId ?? ''), enabled: Boolean(dealId) });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Deal | null>(null);
  const createDefault = useCreateDefaultPipeline();
  // Admins make pipelines: a Member with none waits for one, with no button the server would refuse.
  const isMember = useCurrentWorkspace()?.role === 'member';
  const remove = useDeleteDeal();
  // Read once per render: every card of the board judges "today" and "expired" against the same moment.
  const now = new Date();

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  // A choice of its own in the history, so Back returns to the other one.
  const setWhose = (next: DealWhose | null) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set('whose', next);
      else updated.delete('whose');
      return updated;
    });

  // The chosen pipeline stays in the address, so a reload or a shared link shows the same board.
  const chosenId = chosen?.id;
  const inUrl = params.get('pipeline');
  useEffect(() => {
    if (chosenId && inUrl !== chosenId) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('pipeline', chosenId);
          return next;
        },
        { replace: true },
      );
    }
  }, [chosenId, inUrl, setParams]);
  // The command menu's "Create deal" links here with ?new=1 (after the effect above, which keeps other params).
  useParamOnce('new', () => setCreating(true));

  useEffect(() => {
    if (pipelines.isError) toast.error(dealMessages.pipelinesLoadFailed, { id: 'pipelines-load' });
  }, [pipelines.isError]);
  useEffect(() => {
    if (board.isError) toast.error(dealMessages.loadFailed, { id: 'deals-load' });
  }, [board.isError]);
  // Another user's deal, or a deleted one: nothing of it shows.
  const detailsFailed = details.isError;
  useEffect(() => {
    if (detailsFailed) {
      toast.error(dealMessages.loadFailed, { id: 'deal-load' });
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('deal');
          return next;
        },
        { replace: true },
      );
    }
  }, [detailsFailed, setParams]);

  // The details are read, not taken from the card: a card leaves the notes out.
  const open = (deal: Deal) => update({ deal: deal.id });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        update({ deal: null });
      },
    });
  };

  let content;
  if (pipelines.isPending) content = <Loading label="Loading pipelines" />;
  else if (!list)
    content = (
      <Card>
        <EmptyState
          message={dealMessages.pipelinesLoadFailed}
          action={
            <Button variant="secondary" onClick={() => pipelines.refetch()}>
              Retry
            </Button>
          }
        />
      </Card>
    );
  else if (!chosen)
    content = (
      <Card>
        <EmptyState
          icon={<Handshake aria-hidden="true" className="size-6" />}
          message={isMember ? pipelineMessages.memberEmpty : dealMessages.noPipeline}
          action={
            !isMember && (
              <div className="flex flex-wrap justify-center gap-2">
                <Button loading={createDefault.isPending} onClick={() => createDefault.mutate()}>
                  Create default pipeline
                </Button>
                <Link to="/app/settings/pipelines" className={buttonClasses('secondary')}>
                  Pipeline Settings
                </Link>
              </div>
            )
          }
        />
      </Card>
    );
  else if (board.isPending) content = <Loading label="Loading deals" />;
  else if (!board.data)
    content = (
      <Card>
        <EmptyState
          message={dealMessages.loadFailed}
          action={
            <Button variant="secondary" onClick={() => board.refetch()}>
              Retry
            </Button>
          }
        />
      </Card>
    );
  else content = <DealBoard board={board.data} now={now} onOpen={open} whose={whose} />;

  return (
    <>
      <PageTitle
        title="Deals"
        description={chosen ? `${chosen.name}: drag a deal to move it to another stage.` : undefined}
        actions={
          list && list.length > 0 ? (
            <div className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
              <SelectField
                label="Pipeline"
                hideLabel
                className="min-w-0 flex-1 sm:w-56 sm:flex-none"
                value={chosen?.id ?? ''}
                onChange={(event) => update({ pipeline: event.target.value })}
              >
                {list.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </SelectField>
              {showsWhose && (
                <WhoseSelect
                  hideLabel
                  className="order-last basis-full sm:order-none sm:w-36 sm:basis-auto"
                  choices={whoseChoices}
                  everyoneLabel={dealWhoseLabels.everyone}
                  value={whose === 'mine' ? whose : undefined}
                  onChange={(next) => setWhose(next)}
                />
              )}
              <Button onClick={() => setCreating(true)}>
                <Plus aria-hidden="true" className="size-4" />
                Create Deal
              </Button>
            </div>
          ) : undefined
        }
      />
      {content}
      {list && (
        <>
          <DealModal open={creating} onOpenChange={setCreating} pipelines={list} deal={null} />
          <DealModal
            open={Boolean(dealId && details.data)}
            onOpenChange={(next) => !next && update({ deal: null })}
            pipelines={list}
            deal={details.data ?? null}
            onDelete={setDeleting}
          />
        </>
      )}
      <ConfirmModal
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title="Delete Deal"
        message={dealMessages.deleteTitle}
        detail={dealMessages.deleteBody}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
