import { Link } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { chatbotMessages, type ChatbotDetail } from '@common/chatbots';
import { Badge } from '../../components/badge';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSetChatbotActive } from './api';
import { formatInstant } from './format';
import { LabelledSwitch } from '../../components/labelled-switch';
import { pageMessages } from './messages';

/** The bot's name, whether visitors can use it, whether the draft is what they run, and the AI's last failure. */
export function ChatbotHeader({ chatbot }: { chatbot: ChatbotDetail }) {
  useDocumentTitle(chatbot.name);
  const active = useSetChatbotActive(chatbot.id);
  const isPublished = chatbot.publishedAt !== null && !chatbot.hasUnpublishedChanges;

  return (
    <div className="mb-6 space-y-4">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere text-slate-900 dark:text-white">
            {chatbot.name}
          </h1>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <Badge variant={isPublished ? 'success' : 'warning'}>
              {isPublished ? pageMessages.published : pageMessages.unpublished}
            </Badge>
            {chatbot.publishedAt && (
              <span>
                Last published <time dateTime={chatbot.publishedAt}>{formatInstant(chatbot.publishedAt)}</time>
              </span>
            )}
          </p>
        </div>
        <LabelledSwitch
          label={chatbotMessages.active}
          checked={chatbot.isActive}
          disabled={active.isPending}
          onChange={active.set}
        />
      </div>
      {chatbot.aiError && (
        <div
          role="alert"
          className="flex gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div className="min-w-0">
            <p className="font-semibold">{pageMessages.aiErrorTitle}</p>
            <p className="mt-1 wrap-anywhere">{chatbot.aiError.message}</p>
            <p className="mt-1 text-red-700 dark:text-red-300">
              <time dateTime={chatbot.aiError.at}>{formatInstant(chatbot.aiError.at)}</time>.{' '}
              <Link to="/app/settings/ai" className="font-medium underline">
                Check the AI configuration
              </Link>
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
