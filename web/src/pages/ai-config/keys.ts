/** The query keys of the AI configuration: other areas read them through this factory, never by literal. */
export const aiConfigKeys = {
  /** The user's one configuration: the root is its own key. */
  all: ['ai-config'] as const,
};
