/** The query keys of API keys: other areas invalidate or read them through this factory, never by literal. */
export const apiKeyKeys = {
  /** Every key of the member (at most API_KEYS_PER_MEMBER: never paged), so the root is the list's own key. */
  all: ['api-keys'] as const,
};
