/** The query keys of chatbots: other areas invalidate or read them through this factory, never by literal. */
export const chatbotKeys = {
  all: ['chatbots'] as const,
  list: () => [...chatbotKeys.all, 'list'] as const,
  one: (id: string) => [...chatbotKeys.all, 'one', id] as const,
  knowledge: (chatbotId: string) => [...chatbotKeys.all, 'knowledge', chatbotId] as const,
  /** Every search of a bot's conversations. */
  conversations: (chatbotId: string) => [...chatbotKeys.all, 'conversations', chatbotId] as const,
  conversationSearch: (chatbotId: string, q: string) => [...chatbotKeys.conversations(chatbotId), q] as const,
  /** Every conversation of a bot opened whole. */
  conversationDetails: (chatbotId: string) => [...chatbotKeys.all, 'conversation', chatbotId] as const,
  conversation: (chatbotId: string, conversationId: string) =>
    [...chatbotKeys.conversationDetails(chatbotId), conversationId] as const,
  /** A run of the builder's Preview: a conversation of its own, outside the bot's data, never shared. */
  preview: (chatbotId: string, runId: number) => ['chatbot-preview', chatbotId, runId] as const,
};
