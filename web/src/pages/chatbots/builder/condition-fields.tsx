import {
  type BlockOf,
  type ConditionOperator,
  MAX_BRANCHES,
  conditionOperators,
  isNumberOperator,
} from '@common/chatbot-flow';
import { Button } from '../../../components/button';
import { Field } from '../../../components/field';
import { SelectField } from '../../../components/select-field';
import { type BlockFieldsProps, changeBlock } from './block-change';
import { freshId, removeBranch } from './flow-edits';
import { operatorLabels } from './flow-graph';
import { VariableSelect } from './variable-select';

type Branch = BlockOf<'condition'>['branches'][number];

/** A Condition: the variable it tests and its branches, tried in order; Else when none matches. */
export function ConditionFields({ block, flow, edit }: BlockFieldsProps<BlockOf<'condition'>>) {
  const setBranch = (index: number, patch: Partial<Branch>, field: string) =>
    changeBlock(
      edit,
      block,
      `branch:${block.branches[index]?.id}:${field}`,
    )({ branches: block.branches.map((branch, i) => (i === index ? { ...branch, ...patch } : branch)) });

  return (
    <>
      <VariableSelect
        label="Variable to test"
        value={block.variable}
        flow={flow}
        onChoose={(variable) => changeBlock(edit, block, 'variable')({ variable }, variable)}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Branches</legend>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Tried in order; the first that matches is taken. When none matches, the Else exit is.
        </p>
        {block.branches.map((branch, index) => (
          <div
            key={branch.id}
            className="space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
            role="group"
            aria-label={`Branch ${index + 1}`}
          >
            <SelectField
              label={`Branch ${index + 1} test`}
              value={branch.operator}
              onChange={(event) => setBranch(index, { operator: event.target.value as ConditionOperator }, 'operator')}
            >
              {conditionOperators.map((operator) => (
                <option key={operator} value={operator}>
                  {operatorLabels[operator]}
                </option>
              ))}
            </SelectField>
            {branch.operator !== 'isSet' && (
              <Field
                label={`Branch ${index + 1} value`}
                inputMode={isNumberOperator(branch.operator) ? 'decimal' : undefined}
                maxLength={500}
                value={branch.value}
                onChange={(event) => setBranch(index, { value: event.target.value }, 'value')}
              />
            )}
            <Button
              variant="ghost"
              size="sm"
              onClick={() => edit((current) => removeBranch(current, block.id, branch.id))}
            >
              Remove branch {index + 1}
            </Button>
          </div>
        ))}
        {block.branches.length < MAX_BRANCHES && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              changeBlock(
                edit,
                block,
                'branches',
              )({
                branches: [
                  ...block.branches,
                  {
                    id: freshId(
                      'b',
                      block.branches.map((b) => b.id),
                    ),
                    operator: 'equals',
                    value: '',
                  },
                ],
              })
            }
          >
            Add a branch
          </Button>
        )}
      </fieldset>
    </>
  );
}
