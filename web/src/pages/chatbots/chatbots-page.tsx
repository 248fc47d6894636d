import { useEffect, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Bot, Plus } from 'lucide-react';
import { chatbotMessages } from '@common/chatbots';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { Modal } from '../../components/modal';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { chatbotFlowsQuery } from './api';
import { ChatbotCard } from './chatbot-card';

/** The modal keeps its title while it closes, so the title does not flip during the animation. */
interface ComingSoon {
  open: boolean;
  title: string;
}

/** The user's chatbot flows as cards, newest first; the builder itself is "coming soon" (part 2 §2). */
export function ChatbotsPage() {
  const [comingSoon, setComingSoon] = useState<ComingSoon>({ open: false, title: chatbotMessages.create });
  const show = (title: string) => setComingSoon({ open: true, title });

  return (
    <>
      <PageTitle
        title={chatbotMessages.title}
        actions={
          <Button onClick={() => show(chatbotMessages.create)}>
            <Plus aria-hidden="true" className="size-4" />
            {chatbotMessages.create}
          </Button>
        }
      />
      <ChatbotFlows onComingSoon={show} onCreate={() => show(chatbotMessages.create)} />
      <Modal
        open={comingSoon.open}
        onOpenChange={(open) => setComingSoon((current) => ({ ...current, open }))}
        title={comingSoon.title}
        footer={
          <Button variant="secondary" onClick={() => setComingSoon((current) => ({ ...current, open: false }))}>
            Close
          </Button>
        }
      >
        <p className="text-sm text-slate-700 dark:text-slate-300">{chatbotMessages.comingSoon}</p>
      </Modal>
    </>
  );
}

interface ChatbotFlowsProps {
  onComingSoon: (title: string) => void;
  /** What the header's Create Chatbot does, offered again in the empty state. */
  onCreate: () => void;
}

function ChatbotFlows({ onComingSoon, onCreate }: ChatbotFlowsProps) {
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useInfiniteQuery(chatbotFlowsQuery());

  useEffect(() => {
    if (isError) toast.error(chatbotMessages.loadFailed, { id: 'chatbots-load' });
  }, [isError]);

  if (isPending) {
    return (
      <Card className="flex justify-center py-16">
        <Spinner label="Loading chatbot flows" className="size-6 text-indigo-500" />
      </Card>
    );
  }
  if (!data) {
    return (
      <Card>
        <EmptyState
          message={chatbotMessages.loadFailed}
          action={
            <Button variant="secondary" onClick={() => refetch()}>
              Retry
            </Button>
          }
        />
      </Card>
    );
  }
  const flows = data.pages.flatMap((page) => page.items);
  if (flows.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={<Bot aria-hidden="true" className="size-6" />}
          message={chatbotMessages.empty}
          action={
            <Button onClick={onCreate}>
              <Plus aria-hidden="true" className="size-4" />
              {chatbotMessages.create}
            </Button>
          }
        />
      </Card>
    );
  }
  return (
    <div>
      <ul aria-label="Chatbot flows" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {flows.map((flow) => (
          <ChatbotCard key={flow.id} flow={flow} onComingSoon={onComingSoon} />
        ))}
      </ul>
      {hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
