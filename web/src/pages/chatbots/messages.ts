/**
 * The words of the bot's page beyond the contract's (`chatbotMessages` in common/chatbots.ts): only these screens
 * show them.
 */
export const pageMessages = {
  loadFailed: 'Failed to load chatbot',
  saveFailed: 'Failed to save chatbot',
  deleteFailed: 'Failed to delete chatbot',
  published: 'Published',
  unpublished: 'Unpublished changes',
  aiErrorTitle: 'The AI provider could not answer',
  deleteTitle: 'Delete Chatbot',
  deleteQuestion: 'Are you sure you want to delete this chatbot? Its knowledge and conversations are deleted with it.',
} as const;

export const knowledgeMessages = {
  title: 'Knowledge',
  add: 'Add Knowledge',
  edit: 'Edit Knowledge',
  empty: 'No knowledge yet. Add questions and answers or paste documents for the bot to answer from.',
  added: 'Knowledge added',
  updated: 'Knowledge saved',
  deleted: 'Knowledge deleted',
  loadFailed: 'Failed to load knowledge',
  saveFailed: 'Failed to save knowledge',
  deleteFailed: 'Failed to delete knowledge',
  deleteTitle: 'Delete Knowledge',
  deleteQuestion: 'Are you sure you want to delete this knowledge entry?',
} as const;

export const conversationMessages = {
  title: 'Conversations',
  empty: 'No conversations yet. They show here once visitors chat with the bot.',
  noMatches: 'No conversations match your search.',
  loadFailed: 'Failed to load conversations',
  transcriptFailed: 'Failed to load the conversation',
  searchLabel: 'Search conversations',
  choose: 'Choose a conversation to read its transcript.',
} as const;
