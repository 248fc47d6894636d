import { z } from 'zod';
import { pageOf } from './http';

export const chatbotMessages = {
  loadFailed: 'Failed to load chatbot flows',
  comingSoon: 'Chatbot builder coming soon...',
  getEmbedCode: 'Get Embed Code',
  editFlow: 'Edit Flow',
  // Beyond the spec: the title, the create button and the empty state.
  title: 'Chatbots',
  create: 'Create Chatbot',
  empty: 'No chatbot flows yet. Click Create Chatbot to start one.',
  active: 'Active',
  inactive: 'Inactive',
} as const;

export const chatbotFlowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type ChatbotFlow = z.infer<typeof chatbotFlowSchema>;

/** GET /api/chatbots?cursor&limit: the user's flows, newest first (part 2 §7), a keyset page. */
export const chatbotFlowPageSchema = pageOf(chatbotFlowSchema);
