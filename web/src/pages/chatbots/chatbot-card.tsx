import { Link } from 'react-router';
import { Bot, Code, MessagesSquare, Pencil } from 'lucide-react';
import { chatbotMessages, type ChatbotFlow } from '@common/chatbots';
import { Button, buttonClasses } from '../../components/button';
import { cn } from '../../lib/cn';

interface ChatbotCardProps {
  flow: ChatbotFlow;
  onEmbedCode: (flow: ChatbotFlow) => void;
}

const conversationCount = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'conversation' : 'conversations'} this week`;

/** A flow: its name, description, whether it is on and its week's conversations, with the spec's two buttons. */
export function ChatbotCard({ flow, onEmbedCode }: ChatbotCardProps) {
  const status = flow.isActive ? chatbotMessages.active : chatbotMessages.inactive;
  return (
    <li className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-300">
          <Bot aria-hidden="true" className="size-5" />
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-semibold wrap-anywhere text-slate-900 dark:text-white">{flow.name}</h2>
          <p className="mt-1 flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
            <span
              aria-hidden="true"
              className={cn('size-2 shrink-0 rounded-full', flow.isActive ? 'bg-emerald-500' : 'bg-slate-400')}
            />
            {status}
          </p>
        </div>
      </div>
      {flow.description && (
        <p className="mt-3 line-clamp-3 text-sm whitespace-pre-line wrap-anywhere text-slate-600 dark:text-slate-400">
          {flow.description}
        </p>
      )}
      <p className="mt-3 flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
        <MessagesSquare aria-hidden="true" className="size-4 shrink-0" />
        {conversationCount(flow.conversationsThisWeek)}
      </p>
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <Button
          variant="secondary"
          size="sm"
          aria-label={`${chatbotMessages.getEmbedCode} for ${flow.name}`}
          className="whitespace-nowrap"
          onClick={() => onEmbedCode(flow)}
        >
          <Code aria-hidden="true" className="size-4" />
          {chatbotMessages.getEmbedCode}
        </Button>
        <Link
          to={`/app/chatbot/${encodeURIComponent(flow.id)}`}
          aria-label={`${chatbotMessages.editFlow} ${flow.name}`}
          className={buttonClasses('secondary', 'sm', 'whitespace-nowrap')}
        >
          <Pencil aria-hidden="true" className="size-4" />
          {chatbotMessages.editFlow}
        </Link>
      </div>
    </li>
  );
}
