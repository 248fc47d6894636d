import type { ComponentProps } from 'react';
import { whoseMessages } from '@common/whose';
import { SelectField } from './select-field';

interface WhoseSelectProps<W extends string> extends Omit<
  ComponentProps<typeof SelectField>,
  'label' | 'value' | 'onChange' | 'children'
> {
  /** The choices besides everyone's, with their words; everyone's (the empty value) comes last. */
  choices: ReadonlyArray<{ value: W; label: string }>;
  everyoneLabel: string;
  value: W | undefined;
  /** Null for everyone's. */
  onChange: (whose: W | null) => void;
}

/** "Show": whose records a board or a list shows (Mine, Assigned to me, Everyone), kept by the page in its URL. */
export function WhoseSelect<W extends string>({
  choices,
  everyoneLabel,
  value,
  onChange,
  ...selectProps
}: WhoseSelectProps<W>) {
  return (
    <SelectField
      label={whoseMessages.label}
      value={value ?? ''}
      onChange={(event) => onChange((event.target.value || null) as W | null)}
      {...selectProps}
    >
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
      <option value="">{everyoneLabel}</option>
    </SelectField>
  );
}
