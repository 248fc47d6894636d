import { useEffect, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Bot, Plus } from 'lucide-react';
import { chatbotMessages, type ChatbotFlow } from '@common/chatbots';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { chatbotFlowsQuery } from './api';
import { ChatbotCard } from './chatbot-card';
import { CreateChatbotModal } from './create-chatbot-modal';
import { EmbedCodeModal } from './embed-code-modal';

/** The embed modal keeps its bot while it closes, so its text does not change during the animation. */
interface Embedding {
  open: boolean;
  chatbot: ChatbotFlow | null;
}

/** The user's chatbots as cards, newest first (part 2 §2): create one, get its embed code, edit its flow. */
export function ChatbotsPage() {
  const [creating, setCreating] = useState(false);
  const [embedding, setEmbedding] = useState<Embedding>({ open: false, chatbot: null });

  return (
    <>
      <PageTitle
        title={chatbotMessages.title}
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            {chatbotMessages.create}
          </Button>
        }
      />
      <ChatbotFlows
        onEmbedCode={(chatbot) => setEmbedding({ open: true, chatbot })}
        onCreate={() => setCreating(true)}
      />
      <CreateChatbotModal open={creating} onOpenChange={setCreating} />
      <EmbedCodeModal
        open={embedding.open}
        onOpenChange={(open) => setEmbedding((current) => ({ ...current, open }))}
        chatbot={embedding.chatbot}
      />
    </>
  );
}

interface ChatbotFlowsProps {
  onEmbedCode: (chatbot: ChatbotFlow) => void;
  /** What the header's Create Chatbot does, offered again in the empty state. */
  onCreate: () => void;
}

function ChatbotFlows({ onEmbedCode, onCreate }: ChatbotFlowsProps) {
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
          <ChatbotCard key={flow.id} flow={flow} onEmbedCode={onEmbedCode} />
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
