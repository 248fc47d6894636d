import { useState } from 'react';
import type { FlowDefinition } from '@common/chatbot-flow';
import { Button } from '../../../components/button';
import { Field } from '../../../components/field';
import { SelectField } from '../../../components/select-field';
import { cannotAddVariable } from './flow-edits';

const NEW_VARIABLE = '\u0000new';

interface VariableSelectProps {
  label: string;
  value: string | null;
  flow: FlowDefinition;
  hint?: string;
  /** The variable chosen, or null for none; a new one's name is not yet among the flow's variables. */
  onChoose: (name: string | null) => void;
}

/** A variable of the flow, or a new one typed in. */
export function VariableSelect({ label, value, flow, hint, onChoose }: VariableSelectProps) {
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const known = flow.variables.some((variable) => variable.name === value);

  function add() {
    const trimmed = name.trim();
    const refusal = cannotAddVariable(flow, trimmed);
    if (refusal) {
      setError(refusal);
      return;
    }
    onChoose(trimmed);
    setAdding(false);
    setName('');
    setError(null);
  }

  return (
    <div className="space-y-2">
      <SelectField
        label={label}
        hint={hint}
        value={adding ? NEW_VARIABLE : (value ?? '')}
        onChange={(event) => {
          if (event.target.value === NEW_VARIABLE) setAdding(true);
          else {
            setAdding(false);
            onChoose(event.target.value || null);
          }
        }}
      >
        <option value="">None</option>
        {flow.variables.map((variable) => (
          <option key={variable.name} value={variable.name}>
            {variable.name}
          </option>
        ))}
        {value !== null && !known && <option value={value}>{value} (not a variable of the flow)</option>}
        <option value={NEW_VARIABLE}>New variable…</option>
      </SelectField>
      {adding && (
        <div className="flex items-end gap-2">
          <Field
            label={`New variable for ${label.toLowerCase()}`}
            className="min-w-0 flex-1"
            value={name}
            maxLength={40}
            autoFocus
            error={error ?? undefined}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              } else if (event.key === 'Escape') setAdding(false);
            }}
          />
          <Button variant="secondary" size="sm" className="mb-1" onClick={add}>
            Add variable
          </Button>
        </div>
      )}
    </div>
  );
}
