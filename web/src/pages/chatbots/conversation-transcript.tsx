import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Bot, CalendarCheck, Handshake, User } from 'lucide-react';
import { chatbotMessages, type ChatMessage, type ConversationDetail } from '@common/chatbots';
import { Button } from '../../components/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { Spinner } from '../../components/spinner';
import { cn } from '../../lib/cn';
import { conversationQuery, isGone } from './api';
import { formatInstant, visitorOf } from './format';
import { conversationMessages } from './messages';

const pad = (value: number) => String(value).padStart(2, '0');
/** The calendar's day view of the viewer's local day of an instant. */
const calendarDayPath = (iso: string) => {
  const day = new Date(iso);
  const date = `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  return `/app/calendar?view=day&date=${date}&show=booking`;
};

const linkClasses = 'font-medium text-indigo-700 hover:underline dark:text-indigo-300';

interface ConversationTranscriptProps {
  chatbotId: string;
  conversationId: string;
}

/** One conversation: what it produced, the variables collected, and the transcript line by line. */
export function ConversationTranscript({ chatbotId, conversationId }: ConversationTranscriptProps) {
  const { data, isPending, isError, error, isRefetching, refetch } = useQuery(
    conversationQuery(chatbotId, conversationId),
  );
  const isMissing = isGone(error);

  useEffect(() => {
    if (isError && !isMissing) toast.error(conversationMessages.transcriptFailed, { id: 'conversation-load' });
  }, [isError, isMissing]);

  if (isPending) {
    return (
      <Card className="flex justify-center py-16">
        <Spinner label="Loading the conversation" className="size-6 text-indigo-500" />
      </Card>
    );
  }
  if (!data) {
    return (
      <Card>
        <EmptyState
          message={isMissing ? chatbotMessages.conversationNotFound : conversationMessages.transcriptFailed}
          action={
            !isMissing && (
              <Button variant="secondary" loading={isRefetching} onClick={() => void refetch()}>
                Retry
              </Button>
            )
          }
        />
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="wrap-anywhere">{visitorOf(data)}</CardTitle>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Started <time dateTime={data.createdAt}>{formatInstant(data.createdAt)}</time>
          {data.finished ? ' · finished' : ''}
        </p>
      </CardHeader>
      <CardBody className="space-y-6">
        <Outcomes conversation={data} />
        <Variables variables={data.variables} />
        <section aria-labelledby="transcript-heading">
          <h3 id="transcript-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
            Transcript
          </h3>
          {data.messages.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No messages.</p>
          ) : (
            <ol className="mt-3 space-y-3">
              {data.messages.map((message, index) => (
                <TranscriptLine key={index} message={message} />
              ))}
            </ol>
          )}
        </section>
      </CardBody>
    </Card>
  );
}

/** The contact, deal and booking the conversation made, each linked to its screen. */
function Outcomes({ conversation }: { conversation: ConversationDetail }) {
  const { contact, deal, booking } = conversation;
  if (!contact && !deal && !booking) return null;
  return (
    <section aria-labelledby="outcomes-heading">
      <h3 id="outcomes-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
        What it produced
      </h3>
      <ul className="mt-2 space-y-1.5 text-sm text-slate-700 dark:text-slate-300">
        {contact && (
          <li className="flex items-center gap-2">
            <User aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            Contact:{' '}
            <Link to={`/app/contacts/${encodeURIComponent(contact.id)}`} className={cn(linkClasses, 'wrap-anywhere')}>
              {contact.name}
            </Link>
          </li>
        )}
        {deal && (
          <li className="flex items-center gap-2">
            <Handshake aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            Deal:{' '}
            <Link to={`/app/deals?deal=${encodeURIComponent(deal.id)}`} className={cn(linkClasses, 'wrap-anywhere')}>
              {deal.name}
            </Link>
          </li>
        )}
        {booking && (
          <li className="flex items-center gap-2">
            <CalendarCheck aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            Booking:{' '}
            <Link to={calendarDayPath(booking.start)} className={linkClasses}>
              <time dateTime={booking.start}>{formatInstant(booking.start)}</time>
            </Link>
          </li>
        )}
      </ul>
    </section>
  );
}

function Variables({ variables }: { variables: Record<string, string> }) {
  const entries = Object.entries(variables);
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="variables-heading">
      <h3 id="variables-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
        Variables collected
      </h3>
      <dl className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {entries.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="font-mono text-xs leading-5 wrap-anywhere text-slate-600 dark:text-slate-400">{name}</dt>
            <dd className="wrap-anywhere text-slate-900 dark:text-slate-100">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A line of the bot or of the visitor; an AI answer names the knowledge it used under it. */
function TranscriptLine({ message }: { message: ChatMessage }) {
  const isBot = message.role === 'bot';
  return (
    <li className={cn('flex gap-2', !isBot && 'flex-row-reverse')}>
      <span
        aria-hidden="true"
        className={cn(
          'mt-1 flex size-7 shrink-0 items-center justify-center rounded-full',
          isBot
            ? 'bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-300'
            : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
        )}
      >
        {isBot ? <Bot className="size-4" /> : <User className="size-4" />}
      </span>
      <div className={cn('max-w-[85%] min-w-0', !isBot && 'text-right')}>
        <p className="sr-only">{isBot ? 'Bot' : 'Visitor'}:</p>
        <p
          className={cn(
            'inline-block rounded-2xl px-3 py-2 text-left text-sm whitespace-pre-line wrap-anywhere',
            isBot ? 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100' : 'bg-indigo-600 text-white',
          )}
        >
          {message.text}
        </p>
        {message.sources.length > 0 && (
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Sources: {message.sources.join(', ')}</p>
        )}
        <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
          <time dateTime={message.createdAt}>
            {new Date(message.createdAt).toLocaleTimeString('en-US', { timeStyle: 'short' })}
          </time>
        </p>
      </div>
    </li>
  );
}
