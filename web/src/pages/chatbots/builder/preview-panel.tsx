import { type FormEvent, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { type ChatExpectation, type ChatInput, type ChatMessage, MAX_VISITOR_TEXT } from '@common/chatbots';
import { Button } from '../../../components/button';
import { Field, FormAlert } from '../../../components/field';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { chatbotKeys } from '../keys';
import { sendPreviewTurn, startPreview } from './preview-api';

interface PreviewPanelProps {
  chatbotId: string;
  /** Saves the draft first: the preview runs what the server has. False when the save failed. */
  prepare: () => Promise<boolean>;
  onClose: () => void;
}

type Line = Pick<ChatMessage, 'role' | 'text' | 'sources'>;

interface Conversation {
  conversationId: string;
  token: string;
}

const slotTime = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const reasonOf = (error: unknown) =>
  isApiError(error) && error.status < 500 ? error.error : 'The preview could not reach the server. Try again.';

const notSaved = 'The draft could not be saved, so the preview cannot run it yet.';

/** The draft run as the widget runs it, through the visitor's API; nothing it captures is saved. */
export function PreviewPanel({ chatbotId, prepare, onClose }: PreviewPanelProps) {
  // Each run is a new conversation on the draft as the server has it (saved first); Restart starts another.
  const [runId, setRunId] = useState(0);
  const start = useQuery({
    queryKey: chatbotKeys.preview(chatbotId, runId),
    queryFn: async () => {
      if (!(await prepare())) throw new Error(notSaved);
      return startPreview(chatbotId);
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const [later, setLater] = useState<Line[]>([]);
  const [nextExpect, setNextExpect] = useState<ChatExpectation | null>(null);
  const [streaming, setStreaming] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [turnError, setTurnError] = useState<string | null>(null);
  const [answer, setAnswer] = useState('');
  const run = useRef(runId);

  const conversation: Conversation | undefined = start.data;
  const lines = [...(start.data?.messages ?? []), ...later];
  const expect = nextExpect ?? start.data?.expect ?? { type: 'none' };
  const busy = start.isFetching || sending;
  const error = start.error ? (start.error.message === notSaved ? notSaved : reasonOf(start.error)) : turnError;

  function restart() {
    run.current = runId + 1;
    setLater([]);
    setNextExpect(null);
    setStreaming(null);
    setSending(false);
    setTurnError(null);
    setAnswer('');
    setRunId(runId + 1);
  }

  async function send(input: ChatInput, shown: string) {
    if (!conversation || busy) return;
    const current = run.current;
    setSending(true);
    setTurnError(null);
    setLater((previous) => [...previous, { role: 'visitor', text: shown, sources: [] }]);
    try {
      const turn = await sendPreviewTurn(chatbotId, conversation, input, (delta) => {
        if (current === run.current) setStreaming((text) => (text ?? '') + delta);
      });
      if (current !== run.current) return;
      setLater((previous) => [...previous, ...turn.messages]);
      setNextExpect(turn.expect);
      setAnswer('');
    } catch (failure) {
      if (current === run.current) setTurnError(reasonOf(failure));
    } finally {
      if (current === run.current) {
        setStreaming(null);
        setSending(false);
      }
    }
  }

  function submitText(event: FormEvent) {
    event.preventDefault();
    if (answer.trim()) void send({ type: 'text', text: answer }, answer);
  }

  return (
    <aside
      aria-labelledby="preview-title"
      // nokey: React Flow's Delete and arrow keys act on the canvas's selection, never from a panel.
      className="nokey flex min-h-0 flex-col border-slate-200 bg-white md:w-88 md:shrink-0 md:border-l dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <h2 id="preview-title" className="min-w-0 flex-1 text-base font-semibold text-slate-900 dark:text-white">
          Preview
        </h2>
        <Button variant="secondary" size="sm" onClick={restart}>
          Restart
        </Button>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close preview
        </Button>
      </div>
      <p className="border-b border-slate-200 bg-amber-50 px-4 py-2 text-xs text-amber-900 dark:border-slate-800 dark:bg-amber-500/10 dark:text-amber-200">
        This runs the draft as visitors will see it. Leads and bookings are not saved in a preview. Restart to try your
        latest changes.
      </p>
      <ol
        role="log"
        aria-live="polite"
        aria-label="Preview conversation"
        // Scrolls when long: reachable from the keyboard.
        tabIndex={0}
        className="min-h-40 flex-1 space-y-2 overflow-y-auto p-4"
      >
        {lines.map((line, index) => (
          <ChatLine key={index} line={line} />
        ))}
        {streaming !== null && <ChatLine line={{ role: 'bot', text: streaming, sources: [] }} />}
      </ol>
      <div className="space-y-2 border-t border-slate-200 p-4 dark:border-slate-800">
        <FormAlert message={error} />
        {busy && streaming === null && <Spinner label="The bot is answering" className="size-5 text-indigo-500" />}
        {!busy && conversation && (
          <Reply expect={expect} answer={answer} setAnswer={setAnswer} onSubmit={submitText} send={send} />
        )}
      </div>
    </aside>
  );
}

function ChatLine({ line }: { line: Line }) {
  const bot = line.role === 'bot';
  return (
    <li className={cn('flex', bot ? 'justify-start' : 'justify-end')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm whitespace-pre-line wrap-anywhere',
          bot ? 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100' : 'bg-indigo-600 text-white',
        )}
      >
        <span className="sr-only">{bot ? 'Bot: ' : 'You: '}</span>
        {line.text}
        {line.sources.length > 0 && (
          <span className="mt-1 block text-xs text-slate-700 dark:text-slate-300">
            Sources: {line.sources.join(', ')}
          </span>
        )}
      </div>
    </li>
  );
}

interface ReplyProps {
  expect: ChatExpectation;
  answer: string;
  setAnswer: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
  send: (input: ChatInput, shown: string) => Promise<void>;
}

const inputModes = { text: undefined, email: 'email', phone: 'tel', number: 'decimal', date: undefined } as const;

/** What the visitor can answer now: a text, a choice of buttons, a free time, or nothing once it ended. */
function Reply({ expect, answer, setAnswer, onSubmit, send }: ReplyProps) {
  const choice = (label: string) => (
    <Button key={label} variant="secondary" size="sm" onClick={() => void send({ type: 'choice', label }, label)}>
      {label}
    </Button>
  );
  switch (expect.type) {
    case 'none':
      return <p className="text-sm text-slate-700 dark:text-slate-300">The conversation has ended.</p>;
    case 'buttons':
      return <div className="flex flex-wrap gap-2">{expect.labels.map(choice)}</div>;
    case 'slots':
      return (
        <div className="flex flex-wrap gap-2">
          {expect.slots.map((slot) => {
            const label = slotTime.format(new Date(slot.start));
            return (
              <Button
                key={slot.start}
                variant="secondary"
                size="sm"
                onClick={() => void send({ type: 'slot', start: slot.start }, label)}
              >
                {label}
              </Button>
            );
          })}
          {expect.skipLabel && choice(expect.skipLabel)}
        </div>
      );
    case 'text':
      return (
        <form className="space-y-2" onSubmit={onSubmit}>
          {expect.buttons.length > 0 && <div className="flex flex-wrap gap-2">{expect.buttons.map(choice)}</div>}
          <div className="flex items-end gap-2">
            <Field
              label="Your answer"
              className="min-w-0 flex-1"
              autoFocus
              maxLength={MAX_VISITOR_TEXT}
              // The bot checks the answer and asks again when it is not valid, as it does for visitors.
              type={expect.kind === 'date' ? 'date' : 'text'}
              inputMode={inputModes[expect.kind]}
              value={answer}
              onChange={(event) => setAnswer(event.target.value)}
            />
            <Button type="submit" className="mb-px">
              Send
            </Button>
          </div>
        </form>
      );
  }
}
