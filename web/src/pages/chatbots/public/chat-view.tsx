import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatExpectation, ChatInput, ChatMessage } from '@common/chatbots';
import { chatbotMessages as t } from '@common/chatbot-messages';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { ChatInputArea, ChatLine, visitorZone } from './chat-parts';
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
