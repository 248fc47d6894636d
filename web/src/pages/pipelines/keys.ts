/** The query keys of pipelines: other areas invalidate or read them through this factory, never by literal. */
export const pipelineKeys = {
  all: ['pipelines'] as const,
  /** The area's one query (every pipeline, unpaged) has the root itself as its key. */
  list: () => pipelineKeys.all,
};
