/* The conversation this browser has with each bot, so a reload resumes it (the token is the conversation's only
   key: it stays in this origin's storage, never in a URL). Storage can be off (a private window, a blocked frame):
   the chat then simply starts anew on each load. */

export interface RememberedConversation {
  id: string;
  token: string;
}

const key = (chatbotId: string) => `pipewise-chat:${chatbotId}`;

export function rememberedConversation(chatbotId: string): RememberedConversation | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key(chatbotId)) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { id, token } = value as Record<string, unknown>;
    return typeof id === 'string' && typeof token === 'string' ? { id, token } : null;
  } catch {
    return null;
  }
}

export function rememberConversation(chatbotId: string, conversation: RememberedConversation): void {
  try {
    localStorage.setItem(key(chatbotId), JSON.stringify(conversation));
  } catch {
    // Storage is off: nothing to resume after a reload.
  }
}

export function forgetConversation(chatbotId: string): void {
  try {
    localStorage.removeItem(key(chatbotId));
  } catch {
    // Storage is off: nothing was kept.
  }
}
