import { useCallback } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ArrowLeft, MessagesSquare } from 'lucide-react';
import type { ChatbotDetail } from '@common/chatbots';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { PagedList } from '../../components/paged-list';
import { EmptyState } from '../../components/empty-state';
import { SearchBox } from '../../components/search-box';
import { cn } from '../../lib/cn';
import { useMediaQuery } from '../../lib/use-media-query';
import { conversationsQuery } from './api';
import { formatInstant, visitorOf } from './format';
import { ConversationTranscript } from './conversation-transcript';
import { conversationMessages } from './messages';

const conversationPath = (chatbotId: string, conversationId?: string) =>
  `/app/chatbot/${encodeURIComponent(chatbotId)}/conversations${conversationId ? `/${encodeURIComponent(conversationId)}` : ''}`;

interface ConversationsTabProps {
  chatbot: ChatbotDetail;
  /** The conversation opened, from the address. */
  conversationId: string | null;
}

/**
 * The bot's conversations, newest first, searchable (?q=), beside the chosen one's transcript; on a phone the list,
 * then the transcript with a way back.
 */
export function ConversationsTab({ chatbot, conversationId }: ConversationsTabProps) {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const isWide = useMediaQuery('(min-width: 1024px)');
  const search = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set('q', next);
          else updated.delete('q');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  const query = q ? `?${new URLSearchParams({ q })}` : '';

  const list = (
    <div className="min-w-0 space-y-3">
      <SearchBox
        q={q}
        onSearch={search}
        label={conversationMessages.searchLabel}
        placeholder="Search words, names or e-mails..."
        maxLength={200}
      />
      <ConversationList chatbotId={chatbot.id} q={q} openId={conversationId} linkQuery={query} />
    </div>
  );
  const transcript = conversationId ? (
    <ConversationTranscript key={conversationId} chatbotId={chatbot.id} conversationId={conversationId} />
  ) : (
    <Card>
      <EmptyState message={conversationMessages.choose} />
    </Card>
  );

  if (!isWide) {
    if (!conversationId) return <section aria-label={conversationMessages.title}>{list}</section>;
    return (
      <section aria-label="Conversation" className="space-y-3">
        <Link
          to={`${conversationPath(chatbot.id)}${query}`}
          className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          All conversations
        </Link>
        {transcript}
      </section>
    );
  }
  return (
    <div className="grid grid-cols-[minmax(0,22rem)_minmax(0,1fr)] items-start gap-6">
      <section aria-label={conversationMessages.title}>{list}</section>
      <section aria-label="Conversation">{transcript}</section>
    </div>
  );
}

interface ConversationListProps {
  chatbotId: string;
  q: string;
  openId: string | null;
  /** The search, kept in each conversation's link. */
  linkQuery: string;
}

function ConversationList({ chatbotId, q, openId, linkQuery }: ConversationListProps) {
  // A new search keeps the last list on screen until its answer comes.
  const query = useInfiniteQuery({ ...conversationsQuery(chatbotId, q), placeholderData: keepPreviousData });
  return (
    <PagedList
      query={query}
      loadingLabel="Loading conversations"
      loadFailed={conversationMessages.loadFailed}
      toastId="conversations-load"
      empty={
        <EmptyState
          icon={<MessagesSquare aria-hidden="true" className="size-6" />}
          message={q ? conversationMessages.noMatches : conversationMessages.empty}
        />
      }
    >
      {(conversations) => (
        <ul
          aria-label="Conversations, newest first"
          className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
        >
          {conversations.map((conversation) => (
            <li key={conversation.id}>
              <Link
                to={`${conversationPath(chatbotId, conversation.id)}${linkQuery}`}
                aria-current={conversation.id === openId ? 'page' : undefined}
                className={cn(
                  'block px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800/60',
                  conversation.id === openId && 'bg-indigo-50 dark:bg-indigo-500/10',
                )}
              >
                <span className="block text-sm font-medium wrap-anywhere text-slate-900 dark:text-white">
                  {visitorOf(conversation)}
                </span>
                <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">
                  <time dateTime={conversation.createdAt}>{formatInstant(conversation.createdAt)}</time>
                </span>
                <span className="mt-2 flex flex-wrap gap-1.5">
                  <Badge variant={conversation.finished ? 'default' : 'primary'}>
                    {conversation.finished ? 'Finished' : 'Open'}
                  </Badge>
                  {conversation.contactId && <Badge variant="success">Lead</Badge>}
                  {conversation.dealId && <Badge variant="success">Deal</Badge>}
                  {conversation.bookingId && <Badge variant="success">Booking</Badge>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
