import { useState } from 'react';
import { type FlowDefinition, MAX_AI_ANSWERS, allBlocks, textsOf, variablesIn } from '@common/chatbot-flow';
import { Button } from '../../../components/button';
import { Field } from '../../../components/field';
import { addVariable, cannotAddVariable, deleteItems } from './flow-edits';
import { blockLabel, connectionLabel } from './flow-graph';
import type { FlowEdit } from './use-flow-draft';

interface FlowPanelProps {
  flow: FlowDefinition;
  edit: FlowEdit;
  onShowBlock: (id: string) => void;
  onShowEdge: (id: string) => void;
}

const heading = 'text-sm font-semibold text-slate-900 dark:text-slate-100';
const linkButton =
  'min-w-0 flex-1 truncate text-left text-sm text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';

/** The flow as a whole, when nothing is selected: its blocks and connections as lists, its variables and limit. */
export function FlowPanel({ flow, edit, onShowBlock, onShowEdge }: FlowPanelProps) {
  const blocks = allBlocks(flow);
  return (
    <div className="space-y-5">
      <section aria-labelledby="flow-blocks" className="space-y-2">
        <h3 id="flow-blocks" className={heading}>
          Blocks
        </h3>
        {blocks.length === 0 ? (
          <p className="text-xs text-slate-600 dark:text-slate-400">No blocks yet: add one from the palette.</p>
        ) : (
          <ul className="space-y-1">
            {blocks.map((block) => (
              <li key={block.id} className="flex">
                <button type="button" className={linkButton} onClick={() => onShowBlock(block.id)}>
                  {blockLabel(block)}
                  {flow.start === block.id && ' (start)'}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="flow-connections" className="space-y-2">
        <h3 id="flow-connections" className={heading}>
          Connections
        </h3>
        {flow.edges.length === 0 ? (
          <p className="text-xs text-slate-600 dark:text-slate-400">No connections yet.</p>
        ) : (
          <ul className="space-y-1">
            {flow.edges.map((edge) => {
              const label = connectionLabel(flow, edge);
              return (
                <li key={edge.id} className="flex items-center gap-2">
                  <button type="button" className={linkButton} onClick={() => onShowEdge(edge.id)}>
                    {label}
                  </button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Delete the connection from ${label}`}
                    onClick={() => edit((current) => deleteItems(current, [], [edge.id]))}
                  >
                    Delete
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <Variables flow={flow} edit={edit} />

      <AiAnswerLimit
        value={flow.settings.maxAiAnswers}
        onChange={(value) =>
          edit((current) => ({ ...current, settings: { ...current.settings, maxAiAnswers: value } }), 'maxAiAnswers')
        }
      />
    </div>
  );
}

/** Names a block reads or fills in, so a variable in use is not removed from under it. */
function usedVariables(flow: FlowDefinition): Set<string> {
  const used = new Set<string>();
  for (const block of allBlocks(flow)) {
    for (const name of textsOf(block).flatMap(variablesIn)) used.add(name);
    const refs =
      block.type === 'ask' || block.type === 'condition'
        ? [block.variable]
        : block.type === 'captureLead'
          ? Object.values(block.contact)
          : block.type === 'offerBooking'
            ? [block.nameVariable, block.emailVariable]
            : [];
    for (const name of refs) if (name) used.add(name);
  }
  return used;
}

function Variables({ flow, edit }: { flow: FlowDefinition; edit: FlowEdit }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const used = usedVariables(flow);

  function add() {
    const trimmed = name.trim();
    const refusal = cannotAddVariable(flow, trimmed);
    setError(refusal);
    if (refusal) return;
    edit((current) => addVariable(current, trimmed));
    setName('');
  }

  return (
    <section aria-labelledby="flow-variables" className="space-y-2">
      <h3 id="flow-variables" className={heading}>
        Variables
      </h3>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Ask blocks fill them in; texts show them as {'{{name}}'}.
      </p>
      <ul className="space-y-1">
        {flow.variables.map((variable) => (
          <li key={variable.name} className="flex items-center gap-2 text-sm">
            <code className="min-w-0 flex-1 truncate text-slate-800 dark:text-slate-200">{variable.name}</code>
            {used.has(variable.name) ? (
              <span className="text-xs text-slate-600 dark:text-slate-400">in use</span>
            ) : (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove the variable ${variable.name}`}
                onClick={() =>
                  edit((current) => ({
                    ...current,
                    variables: current.variables.filter((candidate) => candidate.name !== variable.name),
                  }))
                }
              >
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
      <div className="flex items-end gap-2">
        <Field
          label="New variable"
          className="min-w-0 flex-1"
          maxLength={40}
          value={name}
          error={error ?? undefined}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" size="sm" className="mb-1" onClick={add}>
          Add variable
        </Button>
      </div>
    </section>
  );
}

/** The flow's cap on AI answers per conversation; a value being typed stays in the field until it is a valid one. */
function AiAnswerLimit({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // Undo, or another change, set the value: the field follows.
    setShown(value);
    setText(String(value));
  }
  const number = Number(text);
  const valid = text.trim() !== '' && Number.isInteger(number) && number >= 0 && number <= MAX_AI_ANSWERS;
  return (
    <Field
      label="Most AI answers per conversation"
      type="number"
      min={0}
      max={MAX_AI_ANSWERS}
      hint="Each answer is a paid call to your AI provider."
      error={valid ? undefined : `Enter a whole number from 0 to ${MAX_AI_ANSWERS}`}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const next = Number(event.target.value);
        if (event.target.value.trim() !== '' && Number.isInteger(next) && next >= 0 && next <= MAX_AI_ANSWERS) {
          setShown(next);
          onChange(next);
        }
      }}
      onBlur={() => setText(String(value))}
    />
  );
}
