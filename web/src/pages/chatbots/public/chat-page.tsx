import { useEffect } from 'react';
import { useParams } from 'react-router';
import { X } from 'lucide-react';
import { chatbotMessages as t } from '@common/chatbot-messages';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLoad } from '../../../lib/use-load';
import { embedderOrigin } from '../../../lib/use-report-height';
import { fetchChatbot } from './chat-api';
import { ChatView } from './chat-view';

/** What the page tells the chatbot widget (web/public/chatbot-widget.js) when the visitor closes the chat. */
export const CLOSE_MESSAGE = 'pipewise:chat-close';

/**
 * /chat/:id: a bot's public chat, for a link instead of an embed, and the page inside the chatbot widget's frame
 * (`?embed=<origin>`), where its Close button and Escape ask the widget to close the panel. An unknown or inactive
 * bot says so and starts nothing.
 */
export function ChatPage() {
  const { id = '' } = useParams();
  const embedder = window.parent !== window ? embedderOrigin() : null;
  const loaded = useLoad(id, () => fetchChatbot(id));
  const bot = loaded.data?.id === id ? loaded.data : undefined;
  useDocumentTitle(bot?.name);

  useEffect(() => {
    if (!embedder) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') window.parent.postMessage({ type: CLOSE_MESSAGE }, embedder);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [embedder]);

  let body;
  if (bot) body = <ChatView chatbotId={bot.id} />;
  else if (loaded.error)
    body = (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        <p className="text-sm text-slate-700">{isApiError(loaded.error, 404) ? t.unavailable : t.loadChatFailed}</p>
        {!isApiError(loaded.error, 404) && (
          <Button variant="secondary" onClick={loaded.reload}>
            {t.retry}
          </Button>
        )}
      </div>
    );
  else
    body = (
      <div className="flex flex-1 items-center justify-center">
        <Spinner label="Loading" className="size-6 text-indigo-500" />
      </div>
    );

  return (
    <main
      id="main"
      className={cn('flex h-dvh flex-col bg-white text-slate-900', !embedder && 'sm:bg-slate-50 sm:px-6 sm:py-10')}
    >
      <section
        aria-label={bot?.name ?? t.chatLabel}
        className={cn(
          'mx-auto flex min-h-0 w-full flex-1 flex-col bg-white',
          !embedder && 'max-w-2xl sm:rounded-2xl sm:border sm:border-slate-200 sm:shadow-sm',
        )}
      >
        <header className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <h1 className="truncate text-base font-semibold">{bot?.name ?? ''}</h1>
          {embedder && (
            <Button
              variant="ghost"
              size="icon"
              aria-label={t.closeChat}
              onClick={() => window.parent.postMessage({ type: CLOSE_MESSAGE }, embedder)}
            >
              <X aria-hidden="true" className="size-5" />
            </Button>
          )}
        </header>
        {body}
      </section>
    </main>
  );
}
