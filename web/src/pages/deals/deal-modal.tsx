import { useEffect, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Building2, Trash2, User } from 'lucide-react';
import { isDealExpired, stageBadgeVariant } from '@common/deal-rules';
import { dealMessages, type Deal, type DealDetail, type DealInput } from '@common/deals';
import type { Pipeline } from '@common/pipelines';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { ActivitiesPanel } from '../activities/activities-panel';
import { RelatedEmails } from '../email/related-emails';
import { contactQuery, useCreateDeal, useUpdateDeal } from './api';
import { DealForm } from './deal-form';
import { NextActivityIcon } from './deal-card';
import { browserTimeZone } from '../../lib/format';
import { formatMoney } from './format';

interface DealModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pipelines: Pipeline[];
  /** The deal shown; none to create one. */
  deal: DealDetail | null;
  onDelete?: (deal: DealDetail) => void;
}

/** Create a deal, or see one: its contact, its fields to edit, its activities, and delete. */
export function DealModal({ open, onOpenChange, pipelines, deal, onDelete }: DealModalProps) {
  const formId = useId();
  const create = useCreateDeal();
  const update = useUpdateDeal();
  const pending = create.isPending || update.isPending;
  const close = () => onOpenChange(false);

  const save = (input: DealInput, onFieldErrors: (error: Error) => void) => {
    if (deal) update.mutate({ id: deal.id, input }, { onSuccess: close, onError: onFieldErrors });
    else create.mutate(input, { onSuccess: close, onError: onFieldErrors });
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={deal ? 'Deal Details' : 'Create New Deal'}
      size={deal ? 'lg' : 'md'}
      footer={
        <>
          {deal && onDelete && (
            <Button
              variant="ghost"
              className="text-red-700 sm:mr-auto dark:text-red-400"
              onClick={() => onDelete(deal)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </Button>
          )}
          <Button variant="secondary" onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {deal ? 'Save' : 'Create'}
          </Button>
        </>
      }
    >
      <div className="space-y-6">
        {deal && <DealSummary deal={deal} />}
        <DealForm id={formId} deal={deal} pipelines={pipelines} onSubmit={save} />
        {deal && (
          <div className="border-t border-slate-200 pt-5 dark:border-slate-800">
            <ActivitiesPanel dealId={deal.id} />
          </div>
        )}
        {deal?.contactId && (
          <div className="border-t border-slate-200 dark:border-slate-800">
            <RelatedEmails owner={{ dealId: deal.id }} inCard={false} />
          </div>
        )}
      </div>
    </Modal>
  );
}

function DealSummary({ deal }: { deal: Deal }) {
  const now = new Date();
  const expired = isDealExpired(deal, now, browserTimeZone());
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3 sm:flex-row sm:items-center dark:bg-slate-800/50">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={stageBadgeVariant(deal.stage)}>{deal.stage}</Badge>
        {expired && <Badge variant="danger">{dealMessages.expired}</Badge>}
        {deal.value !== null && (
          <span className="text-sm font-semibold text-slate-800 tabular-nums dark:text-slate-100">
            {formatMoney(deal.value, deal.currency)}
          </span>
        )}
        <NextActivityIcon deal={deal} now={now} />
      </div>
      {deal.contactId && <LinkedContact id={deal.contactId} />}
    </div>
  );
}

/** The linked contact's name and company, read fresh (it may have changed since the board loaded). */
function LinkedContact({ id }: { id: string }) {
  const { data, isError } = useQuery(contactQuery(id));
  useEffect(() => {
    if (isError) toast.error(dealMessages.contactLoadFailed, { id: 'deal-contact' });
  }, [isError]);
  if (!data) return null;
  return (
    <div
      aria-label="Linked contact"
      role="group"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700 sm:ml-auto dark:text-slate-300"
    >
      <span className="flex items-center gap-1.5">
        <User aria-hidden="true" className="size-4 text-slate-500" />
        {data.name}
      </span>
      {data.company && (
        <span className="flex items-center gap-1.5">
          <Building2 aria-hidden="true" className="size-4 text-slate-500" />
          {data.company}
        </span>
      )}
    </div>
  );
}
