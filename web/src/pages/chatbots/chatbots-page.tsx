import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Bot, Plus } from 'lucide-react';
import { chatbotMessages, type ChatbotFlow } from '@common/chatbots';
import { Button } from '../../components/button';
import { PagedList } from '../../components/paged-list';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
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
  return (
    <PagedList
      query={useInfiniteQuery(chatbotFlowsQuery())}
      loadingLabel="Loading chatbot flows"
      loadFailed={chatbotMessages.loadFailed}
      toastId="chatbots-load"
      empty={
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
      }
    >
      {(flows) => (
        <ul aria-label="Chatbot flows" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {flows.map((flow) => (
            <ChatbotCard key={flow.id} flow={flow} onEmbedCode={onEmbedCode} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}
