/** The query keys of webhooks: other areas invalidate or read them through this factory, never by literal. */
export const webhookKeys = {
  /** The workspace's endpoints (at most MAX_WEBHOOK_ENDPOINTS: never paged), and under it each one's log. */
  all: ['webhooks'] as const,
  deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const,
};
