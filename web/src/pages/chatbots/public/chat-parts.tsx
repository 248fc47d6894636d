import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ChatExpectation, ChatInput, ChatMessage } from '@common/chatbots';
import { chatbotMessages as t } from '@common/chatbot-messages';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { cn } from '../../../lib/cn';

/* The parts of the chat view: a line of the transcript, and the input the bot asks for next (text of a kind,
   buttons, free times shown in the visitor's own time zone). */

export const visitorZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A free time as the visitor reads it, in their own time zone. */
export function slotLabel(start: string, timeZone = visitorZone()): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(start));
}

const inputTypes = { text: 'text', email: 'email', phone: 'tel', number: 'text', date: 'date' } as const;

export function ChatLine({ message }: { message: ChatMessage }) {
  const fromBot = message.role === 'bot';
  return (
    <li
      className={cn(
        'max-w-[85%] rounded-2xl px-3 py-2 text-sm whitespace-pre-wrap',
        fromBot
          ? 'self-start rounded-bl-sm bg-slate-100 text-slate-900'
          : 'self-end rounded-br-sm bg-indigo-600 text-white',
      )}
    >
      <span className="sr-only">{fromBot ? 'Bot: ' : 'You: '}</span>
      {message.text}
      {message.sources.length > 0 && (
        <span className="mt-1 block text-xs text-slate-600">
          {t.sources}: {message.sources.join(', ')}
        </span>
      )}
    </li>
  );
}

interface ChatInputAreaProps {
  expect: ChatExpectation;
  busy: boolean;
  problem: string | null;
  onSend: (input: ChatInput, shown: string) => void;
  onStartOver: () => void;
}

export function ChatInputArea({ expect, busy, problem, onSend, onStartOver }: ChatInputAreaProps) {
  const [text, setText] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const expectsText = expect.type === 'text';

  // The field takes the focus back once the bot has answered, so a conversation needs no mouse.
  useEffect(() => {
    if (!busy && expectsText) field.current?.focus();
  }, [busy, expectsText]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value || busy) return;
    setText('');
    onSend({ type: 'text', text: value }, value);
  };
  const choices = expect.type === 'buttons' ? expect.labels : expect.type === 'text' ? expect.buttons : [];

  return (
    <div className="border-t border-slate-200 px-4 py-3">
      {problem && (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {problem}
        </p>
      )}
      {choices.length > 0 && (
        <div className="mb-2 flex flex-wrap gap-2">
          {choices.map((label) => (
            <Button
              key={label}
              variant="secondary"
              size="sm"
              disabled={busy}
              onClick={() => onSend({ type: 'choice', label }, label)}
            >
              {label}
            </Button>
          ))}
        </div>
      )}
      {expect.type === 'slots' && (
        <fieldset className="mb-2">
          <legend className="mb-2 text-sm font-medium text-slate-800">{t.chooseTime}</legend>
          <div className="flex flex-wrap gap-2">
            {expect.slots.map((slot) => (
              <Button
                key={slot.start}
                variant="secondary"
                size="sm"
                disabled={busy}
                onClick={() => onSend({ type: 'slot', start: slot.start }, slotLabel(slot.start))}
              >
                {slotLabel(slot.start)}
              </Button>
            ))}
            {expect.skipLabel && (
              <Button
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={() => onSend({ type: 'choice', label: expect.skipLabel! }, expect.skipLabel!)}
              >
                {expect.skipLabel}
              </Button>
            )}
          </div>
        </fieldset>
      )}
      {expect.type === 'text' && (
        <form onSubmit={submit} className="flex gap-2">
          <label htmlFor="chat-message" className="sr-only">
            {t.messageLabel}
          </label>
          <input
            id="chat-message"
            ref={field}
            type={inputTypes[expect.kind]}
            inputMode={expect.kind === 'number' ? 'decimal' : undefined}
            autoComplete={expect.kind === 'email' ? 'email' : expect.kind === 'phone' ? 'tel' : 'off'}
            value={text}
            maxLength={2000}
            onChange={(event) => setText(event.target.value)}
            placeholder={t.messageLabel}
            className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
          />
          <Button type="submit" loading={busy} disabled={!text.trim()}>
            {t.send}
          </Button>
        </form>
      )}
      {expect.type === 'none' && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-700">{t.ended}</p>
          <Button variant="secondary" size="sm" onClick={onStartOver}>
            {t.startOver}
          </Button>
        </div>
      )}
      {busy && expect.type !== 'text' && <Spinner label="Sending" className="size-4 text-indigo-500" />}
    </div>
  );
}
