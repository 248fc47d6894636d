import { Suspense, lazy, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Tabs } from 'radix-ui';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { chatbotMessages } from '@common/chatbots';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { Spinner } from '../../components/spinner';
import { cn } from '../../lib/cn';
import { chatbotQuery, isGone } from './api';
import { ChatbotHeader } from './chatbot-header';
import { ConversationsTab } from './conversations-tab';
import { KnowledgeTab } from './knowledge-tab';
import { pageMessages } from './messages';
import { SettingsTab } from './settings-tab';

// The canvas (React Flow) loads with the Flow tab only: the other tabs do without its 50 KB.
const FlowBuilder = lazy(() => import('./builder/flow-builder').then((m) => ({ default: m.FlowBuilder })));

const tabLabels = { flow: 'Flow', knowledge: 'Knowledge', conversations: 'Conversations', settings: 'Settings' };
type ChatbotTab = keyof typeof tabLabels;
const tabs = Object.keys(tabLabels) as ChatbotTab[];
const isTab = (value: string): value is ChatbotTab => tabs.includes(value as ChatbotTab);

/** The address of a bot's tab: the Flow tab is the bot's own address. */
const chatbotTabPath = (id: string, tab: ChatbotTab) =>
  `/app/chatbot/${encodeURIComponent(id)}${tab === 'flow' ? '' : `/${tab}`}`;

const triggerClasses = cn(
  'inline-flex min-w-fit flex-1 items-center justify-center rounded-md px-1.5 py-2 text-sm font-medium transition-colors sm:flex-none sm:px-3',
  'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
  'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
  'dark:data-[state=active]:bg-slate-800 dark:data-[state=active]:text-white',
);

const panelClasses =
  'rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-500';

const backLink = (
  <Link
    to="/app/chatbot"
    className="mb-3 inline-flex items-center gap-1.5 rounded text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
  >
    <ArrowLeft aria-hidden="true" className="size-4" />
    All chatbots
  </Link>
);

/**
 * /app/chatbot/:id[/knowledge|/conversations|/settings]: one bot, its header and four tabs, the tab in the address
 * so a reload keeps it. /app/chatbot/:id/conversations/:conversationId opens a conversation's transcript.
 */
export function ChatbotPage() {
  const { id = '', '*': rest = '' } = useParams();
  const [tabParam = 'flow', conversationId, ...extra] = rest.split('/').filter(Boolean);
  const navigate = useNavigate();
  const { data: chatbot, isPending, isError, error, isRefetching, refetch } = useQuery(chatbotQuery(id));
  const isMissing = isGone(error);

  useEffect(() => {
    if (isError && !isMissing) toast.error(pageMessages.loadFailed, { id: 'chatbot-load' });
  }, [isError, isMissing]);

  // Only a conversation has an address below its tab.
  const isKnown = isTab(tabParam) && extra.length === 0 && (!conversationId || tabParam === 'conversations');
  if (!isKnown) return <Navigate to={chatbotTabPath(id, 'flow')} replace />;
  const tab: ChatbotTab = tabParam;

  if (isPending) {
    return (
      <>
        {backLink}
        <Card className="flex justify-center py-16">
          <Spinner label="Loading chatbot" className="size-6 text-indigo-500" />
        </Card>
      </>
    );
  }
  if (!chatbot) {
    return (
      <>
        {backLink}
        <Card>
          <EmptyState
            message={isMissing ? chatbotMessages.notFound : pageMessages.loadFailed}
            action={
              !isMissing && (
                <Button variant="secondary" loading={isRefetching} onClick={() => void refetch()}>
                  Retry
                </Button>
              )
            }
          />
        </Card>
      </>
    );
  }

  return (
    <div className="min-w-0">
      {backLink}
      <ChatbotHeader chatbot={chatbot} />
      <Tabs.Root value={tab} onValueChange={(value) => isTab(value) && void navigate(chatbotTabPath(id, value))}>
        <Tabs.List
          aria-label={`${chatbot.name}: sections`}
          className="mb-6 flex w-full gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1 sm:inline-flex sm:w-auto dark:bg-slate-900"
        >
          {tabs.map((value) => (
            <Tabs.Trigger key={value} value={value} className={triggerClasses}>
              {tabLabels[value]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="flow" className={panelClasses}>
          <Suspense
            fallback={
              <Card className="flex justify-center py-16">
                <Spinner label="Loading the flow builder" className="size-6 text-indigo-500" />
              </Card>
            }
          >
            <FlowBuilder chatbot={chatbot} />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="knowledge" className={panelClasses}>
          <KnowledgeTab chatbot={chatbot} />
        </Tabs.Content>
        <Tabs.Content value="conversations" className={panelClasses}>
          <ConversationsTab chatbot={chatbot} conversationId={conversationId ?? null} />
        </Tabs.Content>
        <Tabs.Content value="settings" className={panelClasses}>
          <SettingsTab key={chatbot.id} chatbot={chatbot} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
