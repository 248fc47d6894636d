/** The chatbots' visible strings: the spec's (part 2 §2, "Chatbots") and those of the chatbot made real. */
export const chatbotMessages = {
  loadFailed: 'Failed to load chatbot flows',
  getEmbedCode: 'Get Embed Code',
  editFlow: 'Edit Flow',
  // Beyond the spec: the title, the create button and the empty state.
  title: 'Chatbots',
  create: 'Create Chatbot',
  empty: 'No chatbot flows yet. Click Create Chatbot to start one.',
  active: 'Active',
  inactive: 'Inactive',
  // The chatbot made real (issue "AI chatbot").
  nameRequired: 'Name is required',
  notFound: 'Chatbot not found',
  created: 'Chatbot created',
  saved: 'Chatbot saved',
  deleted: 'Chatbot deleted',
  published: 'Chatbot published',
  cannotPublish: 'The flow cannot be published yet',
  /** Turning on a chatbot that visitors have nothing of yet. */
  publishBeforeActivating: 'Publish the flow before turning the chatbot on',
  knowledgeNotFound: 'Knowledge entry not found',
  conversationNotFound: 'Conversation not found',
  /** A visitor's view of an unknown or inactive bot: the same words, so an id's existence never shows. */
  unavailable: 'This chat is not available.',
  /** The conversation's token is missing or wrong, or the conversation ended. */
  conversationGone: 'This conversation has ended. Start a new one.',
  inputRefused: 'Please answer the question above.',
  tooManyRequests: 'Too many messages. Please wait a moment.',
  embedCopied: 'Embed code copied to clipboard',
  copyCode: 'Copy Code',
  // The visitor's chat (/chat/{id}, the widget, the builder's Preview).
  chatLabel: 'Conversation',
  messageLabel: 'Your message',
  send: 'Send',
  sources: 'Sources',
  botIsTyping: 'Typing…',
  ended: 'This conversation has ended.',
  startOver: 'Start a new conversation',
  chatFailed: 'The message could not be sent. Please try again.',
  loadChatFailed: 'The chat could not be loaded.',
  retry: 'Try again',
  openChat: 'Open chat',
  closeChat: 'Close chat',
  chooseTime: 'Choose a time',
  previewNote: 'Preview of the draft: leads and bookings are not saved.',
} as const;
