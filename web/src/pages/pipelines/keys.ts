/** The query keys of pipelines: other areas invalidate or read them through this factory, never by literal. */
export const pipelineKeys = {
  all: ['pipelines'] as const,
};
