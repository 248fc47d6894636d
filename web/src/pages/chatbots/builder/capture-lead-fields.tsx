import { useQuery } from '@tanstack/react-query';
import type { BlockOf } from '@common/chatbot-flow';
import { preferredPipeline } from '@common/pipelines';
import { SelectField } from '../../../components/select-field';
import { pipelinesQuery } from '../../pipelines/api';
import { type BlockFieldsProps, changeBlock } from './block-change';
import { VariableSelect } from './variable-select';

type Contact = BlockOf<'captureLead'>['contact'];

const contactFields: [keyof Contact, string][] = [
  ['name', 'Contact name'],
  ['email', 'Contact e-mail'],
  ['phone', 'Contact phone'],
  ['company', 'Contact company'],
];

/** A Capture Lead: which variables make the contact, and whether a deal is made, in which pipeline and stage. */
export function CaptureLeadFields({ block, flow, edit }: BlockFieldsProps<BlockOf<'captureLead'>>) {
  const pipelines = useQuery(pipelinesQuery());
  const list = pipelines.data ?? [];
  const chosen = block.deal ? list.find((pipeline) => pipeline.id === block.deal?.pipelineId) : undefined;
  const setDeal = (deal: BlockOf<'captureLead'>['deal']) => changeBlock(edit, block, 'deal')({ deal });

  return (
    <>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">The contact</legend>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          The e-mail finds the contact, or makes a new one. Choose the variables the visitor’s answers are in.
        </p>
        {contactFields.map(([field, label]) => (
          <VariableSelect
            key={field}
            label={label}
            value={block.contact[field]}
            flow={flow}
            onChoose={(name) =>
              changeBlock(edit, block, `contact.${field}`)({ contact: { ...block.contact, [field]: name } }, name)
            }
          />
        ))}
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">A deal</legend>
        <label className="flex items-start gap-2 text-sm text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-indigo-600"
            checked={block.deal !== null}
            disabled={block.deal === null && list.length === 0}
            onChange={(event) => {
              const pipeline = preferredPipeline(list);
              const stage = pipeline?.stages[0];
              setDeal(event.target.checked && pipeline && stage ? { pipelineId: pipeline.id, stage } : null);
            }}
          />
          Also create a deal for the contact
        </label>
        {pipelines.isPending && <p className="text-xs text-slate-600 dark:text-slate-400">Loading pipelines…</p>}
        {pipelines.isError && (
          <p role="alert" className="text-xs text-red-700 dark:text-red-400">
            The pipelines could not be loaded.
          </p>
        )}
        {pipelines.isSuccess && list.length === 0 && (
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Create a pipeline in Settings → Pipelines to add deals.
          </p>
        )}
        {block.deal && (
          <>
            <SelectField
              label="Pipeline"
              value={block.deal.pipelineId}
              onChange={(event) => {
                const pipeline = list.find((candidate) => candidate.id === event.target.value);
                const stage = pipeline?.stages[0];
                if (pipeline && stage) setDeal({ pipelineId: pipeline.id, stage });
              }}
            >
              {!chosen && <option value={block.deal.pipelineId}>A pipeline that no longer exists</option>}
              {list.map((pipeline) => (
                <option key={pipeline.id} value={pipeline.id}>
                  {pipeline.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Stage"
              value={block.deal.stage}
              onChange={(event) => block.deal && setDeal({ ...block.deal, stage: event.target.value })}
            >
              {!chosen?.stages.includes(block.deal.stage) && (
                <option value={block.deal.stage}>{block.deal.stage || 'Choose a stage'}</option>
              )}
              {chosen?.stages.map((stage) => (
                <option key={stage} value={stage}>
                  {stage}
                </option>
              ))}
            </SelectField>
          </>
        )}
      </fieldset>
    </>
  );
}
