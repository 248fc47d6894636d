import {
  type AskKind,
  type BlockOf,
  MAX_BUTTONS,
  MAX_LABEL_LENGTH,
  MAX_OFFERED_SLOTS,
  MAX_TEXT_LENGTH,
  askKinds,
} from '@common/chatbot-flow';
import { Button } from '../../../components/button';
import { Field, TextareaField } from '../../../components/field';
import { SelectField } from '../../../components/select-field';
import { CaptureLeadFields } from './capture-lead-fields';
import { ConditionFields } from './condition-fields';
import { type BlockFieldsProps, changeBlock } from './block-change';
import { VariableSelect } from './variable-select';

const variablesHint = 'Use {{name}} to insert a variable’s value.';
const emptyDefault = 'Leave empty for the default line.';

/** Every field of the selected block's type, labelled. */
export function BlockFields({ block, flow, edit }: BlockFieldsProps) {
  switch (block.type) {
    case 'message':
      return (
        <TextareaField
          label="Message text"
          hint={variablesHint}
          rows={4}
          maxLength={MAX_TEXT_LENGTH}
          value={block.text}
          onChange={(event) => changeBlock(edit, block, 'text')({ text: event.target.value })}
        />
      );
    case 'ask':
      return <AskFields block={block} flow={flow} edit={edit} />;
    case 'condition':
      return <ConditionFields block={block} flow={flow} edit={edit} />;
    case 'aiAnswer':
      return <AiAnswerFields block={block} flow={flow} edit={edit} />;
    case 'captureLead':
      return <CaptureLeadFields block={block} flow={flow} edit={edit} />;
    case 'offerBooking':
      return <OfferBookingFields block={block} flow={flow} edit={edit} />;
    case 'end':
      return (
        <>
          <TextareaField
            label="Closing text"
            hint={`${variablesHint} Leave empty to end without a line.`}
            maxLength={MAX_TEXT_LENGTH}
            value={block.text}
            onChange={(event) => changeBlock(edit, block, 'text')({ text: event.target.value })}
          />
          <label className="flex items-start gap-2 text-sm text-slate-800 dark:text-slate-200">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-indigo-600"
              checked={block.notifyOwner}
              onChange={(event) => changeBlock(edit, block, 'notifyOwner')({ notifyOwner: event.target.checked })}
            />
            Hand off: notify me with the transcript
          </label>
        </>
      );
  }
}

export const askKindLabels: Record<AskKind, string> = {
  text: 'Text',
  email: 'E-mail',
  phone: 'Phone',
  number: 'Number',
  date: 'Date',
  buttons: 'Buttons (one choice)',
};

function AskFields({ block, flow, edit }: BlockFieldsProps<BlockOf<'ask'>>) {
  const setButtons = (buttons: string[]) => changeBlock(edit, block, 'buttons')({ buttons });
  return (
    <>
      <TextareaField
        label="Question"
        hint={variablesHint}
        maxLength={MAX_TEXT_LENGTH}
        value={block.question}
        onChange={(event) => changeBlock(edit, block, 'question')({ question: event.target.value })}
      />
      <SelectField
        label="Answer type"
        value={block.kind}
        onChange={(event) => changeBlock(edit, block, 'kind')({ kind: event.target.value as AskKind })}
      >
        {askKinds.map((kind) => (
          <option key={kind} value={kind}>
            {askKindLabels[kind]}
          </option>
        ))}
      </SelectField>
      {block.kind === 'buttons' && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Buttons</legend>
          {block.buttons.map((label, index) => (
            <div key={index} className="flex items-end gap-2">
              <Field
                label={`Button ${index + 1}`}
                className="min-w-0 flex-1"
                maxLength={MAX_LABEL_LENGTH}
                value={label}
                onChange={(event) => setButtons(block.buttons.map((b, i) => (i === index ? event.target.value : b)))}
              />
              <Button
                variant="ghost"
                size="sm"
                className="mb-1"
                onClick={() => setButtons(block.buttons.filter((_, i) => i !== index))}
              >
                Remove<span className="sr-only"> button {index + 1}</span>
              </Button>
            </div>
          ))}
          {block.buttons.length < MAX_BUTTONS && (
            <Button variant="secondary" size="sm" onClick={() => setButtons([...block.buttons, ''])}>
              Add a button
            </Button>
          )}
        </fieldset>
      )}
      <VariableSelect
        label="Save the answer in"
        value={block.variable}
        flow={flow}
        onChoose={(variable) => changeBlock(edit, block, 'variable')({ variable }, variable)}
      />
      <TextareaField
        label="Retry message"
        hint={`Said when the answer is not valid, before the question is asked again. ${emptyDefault}`}
        maxLength={MAX_TEXT_LENGTH}
        value={block.retryText}
        onChange={(event) => changeBlock(edit, block, 'retryText')({ retryText: event.target.value })}
      />
    </>
  );
}

function AiAnswerFields({ block, edit }: BlockFieldsProps<BlockOf<'aiAnswer'>>) {
  const text = (field: 'prompt' | 'instructions' | 'limitText' | 'failureText') => ({
    maxLength: MAX_TEXT_LENGTH,
    value: block[field],
    onChange: (event: { target: { value: string } }) =>
      changeBlock(edit, block, field)({ [field]: event.target.value }),
  });
  const label = (field: 'askAnotherLabel' | 'continueLabel') => ({
    maxLength: MAX_LABEL_LENGTH,
    value: block[field],
    onChange: (event: { target: { value: string } }) =>
      changeBlock(edit, block, field)({ [field]: event.target.value }),
  });
  return (
    <>
      <TextareaField label="Invitation to ask" hint={variablesHint} {...text('prompt')} />
      <TextareaField
        label="Instructions for the AI"
        hint="What the business does and the tone to answer in; sent with each question."
        rows={4}
        {...text('instructions')}
      />
      <Field label="Button to ask another question" {...label('askAnotherLabel')} />
      <Field label="Button to go on" {...label('continueLabel')} />
      <TextareaField
        label="When the answers are used up"
        hint={`Said once the flow’s most AI answers per conversation are reached. ${emptyDefault}`}
        {...text('limitText')}
      />
      <TextareaField
        label="When no answer comes"
        hint={`Said when the AI provider gives no answer. ${emptyDefault}`}
        {...text('failureText')}
      />
    </>
  );
}

function OfferBookingFields({ block, flow, edit }: BlockFieldsProps<BlockOf<'offerBooking'>>) {
  const text = (field: 'text' | 'bookedText' | 'noSlotsText' | 'failureText') => ({
    maxLength: MAX_TEXT_LENGTH,
    value: block[field],
    onChange: (event: { target: { value: string } }) =>
      changeBlock(edit, block, field)({ [field]: event.target.value }),
  });
  return (
    <>
      <TextareaField label="Text before the free times" hint={variablesHint} {...text('text')} />
      <SelectField
        label="Free times shown"
        value={block.slotCount}
        onChange={(event) => changeBlock(edit, block, 'slotCount')({ slotCount: Number(event.target.value) })}
      >
        {Array.from({ length: MAX_OFFERED_SLOTS }, (_, index) => (
          <option key={index} value={index + 1}>
            {index + 1}
          </option>
        ))}
      </SelectField>
      <Field
        label="Button to go on without booking"
        hint="Leave empty for no such button."
        maxLength={MAX_LABEL_LENGTH}
        value={block.skipLabel}
        onChange={(event) => changeBlock(edit, block, 'skipLabel')({ skipLabel: event.target.value })}
      />
      <VariableSelect
        label="Visitor’s name"
        hint="The booking is made in this name."
        value={block.nameVariable}
        flow={flow}
        onChoose={(nameVariable) => changeBlock(edit, block, 'nameVariable')({ nameVariable }, nameVariable)}
      />
      <VariableSelect
        label="Visitor’s e-mail"
        value={block.emailVariable}
        flow={flow}
        onChoose={(emailVariable) => changeBlock(edit, block, 'emailVariable')({ emailVariable }, emailVariable)}
      />
      <TextareaField label="When booked" hint={emptyDefault} {...text('bookedText')} />
      <TextareaField label="When there are no free times" hint={emptyDefault} {...text('noSlotsText')} />
      <TextareaField label="When the booking fails" hint={emptyDefault} {...text('failureText')} />
    </>
  );
}
