import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { ChatExpectation, ChatInput, ChatMessage } from '@common/chatbots';
import { chatbotMessages as t } from '@common/chatbot-messages';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { resumeConversation, sendTurn, startConversation } from './chat-api';
import { forgetConversation, rememberedConversation, rememberConversation } from './chat-storage';

/* The visitor's side of a conversation: the transcript, the streamed reply, and the input the bot asks for next
   (text of a kind, buttons, free times). The same view runs on /chat/{id}, inside the widget's frame and in the
   builder's Preview (the draft, nothing saved, nothing remembered). */

interface Conversation {
  id: string;
  token: string;
}

type Status = 'starting' | 'ready' | 'sending' | 'failed';

const visitorZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

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

export interface ChatViewProps {
  chatbotId: string;
  /** The builder's Preview: runs the draft, keeps nothing. */
  preview?: boolean;
  className?: string;
}

export function ChatView({ chatbotId, preview = false, className }: ChatViewProps) {
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [expect, setExpect] = useState<ChatExpectation>({ type: 'none' });
  const [streaming, setStreaming] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('starting');
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [attempt, setAttempt] = useState(0);
  const end = useRef<HTMLLIElement>(null);

  // Resumes the conversation this browser had with the bot, else starts one.
  useEffect(() => {
    let live = true;
    (async () => {
      const remembered = preview ? null : rememberedConversation(chatbotId);
      if (remembered) {
        try {
          const turn = await resumeConversation(chatbotId, remembered.id, remembered.token);
          if (!live) return;
          setConversation(remembered);
          setMessages(turn.messages);
          setExpect(turn.expect);
          setStatus('ready');
          return;
        } catch (error) {
          if (!isApiError(error, 404)) throw error;
          forgetConversation(chatbotId);
        }
      }
      const started = await startConversation(chatbotId, { timeZone: visitorZone(), ...(preview ? { preview } : {}) });
      if (!live) return;
      const next = { id: started.conversationId, token: started.token };
      if (!preview) rememberConversation(chatbotId, next);
      setConversation(next);
      setMessages(started.messages);
      setExpect(started.expect);
      setAnnouncement(started.messages.map((m) => m.text).join(' '));
      setStatus('ready');
    })().catch((error: unknown) => {
      if (!live) return;
      setProblem(isApiError(error) ? error.error : t.loadChatFailed);
      setStatus('failed');
    });
    return () => {
      live = false;
    };
  }, [chatbotId, preview, attempt]);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages, streaming]);

  /** Loads the chat again: after a failed load, or as a new conversation once one has ended. */
  const restart = useCallback(() => {
    setStatus('starting');
    setProblem(null);
    setAttempt((n) => n + 1);
  }, []);

  const startOver = useCallback(() => {
    if (!preview) forgetConversation(chatbotId);
    setMessages([]);
    setConversation(null);
    restart();
  }, [chatbotId, preview, restart]);

  const send = useCallback(
    async (input: ChatInput, shown: string) => {
      if (!conversation || status === 'sending') return;
      const visitorLine: ChatMessage = { role: 'visitor', text: shown, sources: [], createdAt: '' };
      setMessages((current) => [...current, visitorLine]);
      setStatus('sending');
      setProblem(null);
      setStreaming('');
      try {
        const turn = await sendTurn(chatbotId, conversation.id, conversation.token, input, (chunk) =>
          setStreaming((text) => (text ?? '') + chunk),
        );
        setMessages((current) => [...current, ...turn.messages]);
        setExpect(turn.expect);
        setAnnouncement(turn.messages.map((m) => m.text).join(' '));
        setStatus('ready');
      } catch (error) {
        // Nothing was kept: the visitor's line goes, and the reason shows by the input.
        setMessages((current) => current.filter((message) => message !== visitorLine));
        if (isApiError(error, 404)) {
          if (!preview) forgetConversation(chatbotId);
          setExpect({ type: 'none' });
        }
        setProblem(isApiError(error) ? error.error : t.chatFailed);
        setStatus('ready');
      } finally {
        setStreaming(null);
      }
    },
    [chatbotId, conversation, preview, status],
  );

  if (status === 'starting') {
    return (
      <div className={cn('flex flex-1 items-center justify-center py-10', className)}>
        <Spinner label="Loading" className="size-6 text-indigo-500" />
      </div>
    );
  }
  if (status === 'failed') {
    return (
      <div className={cn('flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center', className)}>
        <p className="text-sm text-slate-700 dark:text-slate-300">{problem}</p>
        <Button variant="secondary" onClick={restart}>
          {t.retry}
        </Button>
      </div>
    );
  }

  return (
    <div className={cn('flex min-h-0 flex-1 flex-col', className)}>
      {preview && <p className="border-b border-slate-200 px-4 py-2 text-xs text-slate-600">{t.previewNote}</p>}
      {/* Focusable, so the transcript scrolls by keyboard too. */}
      <ol
        aria-label={t.chatLabel}
        tabIndex={0}
        className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto px-4 py-3"
      >
        {messages.map((message, index) => (
          <ChatLine key={index} message={message} />
        ))}
        {streaming !== null && (
          <li className="max-w-[85%] self-start rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-sm whitespace-pre-wrap text-slate-900">
            {streaming || <span className="text-slate-500">{t.botIsTyping}</span>}
          </li>
        )}
        <li ref={end} aria-hidden="true" />
      </ol>
      {/* Replies are read out once whole, not chunk by chunk. */}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <ChatInputArea
        expect={expect}
        busy={status === 'sending'}
        problem={problem}
        onSend={send}
        onStartOver={startOver}
      />
    </div>
  );
}

function ChatLine({ message }: { message: ChatMessage }) {
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

function ChatInputArea({ expect, busy, problem, onSend, onStartOver }: ChatInputAreaProps) {
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
