import type { ConversationSummary } from '@common/chatbots';

/** Who chatted, as far as the bot learned it. */
export const visitorOf = (conversation: Pick<ConversationSummary, 'visitorName' | 'visitorEmail'>) =>
  conversation.visitorName ?? conversation.visitorEmail ?? 'Anonymous visitor';

/** "Nov 26, 2026, 11:30 AM" in the viewer's time zone. */
export const formatInstant = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
