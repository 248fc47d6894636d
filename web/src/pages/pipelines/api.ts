import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { pipelineListSchema, pipelineMessages, pipelineSchema, type Pipeline } from '@common/pipelines';
import { api, refusalMessage } from '../../lib/api';

const pipelinesKey = ['pipelines'] as const;

/** All the user's pipelines in creation order (at most MAX_PIPELINES, so unpaged). */
export const pipelinesQuery = () =>
  queryOptions({ queryKey: pipelinesKey, queryFn: () => api.get('/api/pipelines', pipelineListSchema) });

const replaceIn = (list: Pipeline[] | undefined, pipeline: Pipeline) =>
  list?.map((p) => (p.id === pipeline.id ? pipeline : p));

export function useCreatePipeline() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post('/api/pipelines', { name }, pipelineSchema),
    onSuccess: (pipeline) => {
      toast.success(pipelineMessages.created);
      qc.setQueryData<Pipeline[]>(pipelinesKey, (list) => (list ? [...list, pipeline] : list));
      return qc.invalidateQueries({ queryKey: pipelinesKey });
    },
    onError: (error) => toast.error(refusalMessage(error, pipelineMessages.createFailed)),
  });
}

export function useRenamePipeline() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.patch(`/api/pipelines/${id}`, { name }, pipelineSchema),
    onSuccess: (pipeline) => {
      toast.success(pipelineMessages.renamed);
      qc.setQueryData<Pipeline[]>(pipelinesKey, (list) => replaceIn(list, pipeline));
    },
    onError: (error) => toast.error(refusalMessage(error, pipelineMessages.renameFailed)),
  });
}

export function useDeletePipeline() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/pipelines/${id}`),
    onSuccess: (_, id) => {
      toast.success(pipelineMessages.deleted);
      qc.setQueryData<Pipeline[]>(pipelinesKey, (list) => list?.filter((p) => p.id !== id));
      void qc.invalidateQueries({ queryKey: ['deals'] });
      return qc.invalidateQueries({ queryKey: pipelinesKey });
    },
    onError: (error) => toast.error(refusalMessage(error, pipelineMessages.deleteFailed)),
  });
}

export function useSetDefaultPipeline() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/pipelines/${id}/default`, {}, pipelineListSchema),
    onSuccess: (list) => {
      toast.success(pipelineMessages.defaultUpdated);
      qc.setQueryData(pipelinesKey, list);
    },
    onError: () => toast.error(pipelineMessages.defaultFailed),
  });
}

interface StageChange<V> {
  request: (pipelineId: string, vars: V) => Promise<Pipeline>;
  /** The stages as they will be once the server agrees: shown at once. */
  apply: (stages: string[], vars: V) => string[];
  failed: string;
  succeeded?: string;
}

/**
 * A change to a pipeline's stages: shown at once in the cache, saved, and on failure the stored
 * order comes back with the spec's message (or the server's reason, e.g. the deals still at a stage).
 */
function useStageChange<V>({ request, apply, failed, succeeded }: StageChange<V>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ pipelineId, ...vars }: { pipelineId: string } & V) => request(pipelineId, vars as V),
    onMutate: async ({ pipelineId, ...vars }) => {
      await qc.cancelQueries({ queryKey: pipelinesKey });
      const previous = qc.getQueryData<Pipeline[]>(pipelinesKey);
      qc.setQueryData<Pipeline[]>(pipelinesKey, (list) =>
        list?.map((p) => (p.id === pipelineId ? { ...p, stages: apply(p.stages, vars as V) } : p)),
      );
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) qc.setQueryData(pipelinesKey, context.previous);
      toast.error(refusalMessage(error, failed));
    },
    onSuccess: (pipeline) => {
      if (succeeded) toast.success(succeeded);
      qc.setQueryData<Pipeline[]>(pipelinesKey, (list) => replaceIn(list, pipeline));
    },
    onSettled: () => {
      // The board's columns follow the stages.
      void qc.invalidateQueries({ queryKey: ['deals'] });
      return qc.invalidateQueries({ queryKey: pipelinesKey });
    },
  });
}

export const useAddStage = () =>
  useStageChange<{ name: string }>({
    request: (id, { name }) => api.post(`/api/pipelines/${id}/stages`, { name }, pipelineSchema),
    apply: (stages, { name }) => [...stages, name],
    failed: pipelineMessages.addStageFailed,
  });

export const useRemoveStage = () =>
  useStageChange<{ name: string }>({
    request: (id, { name }) => api.post(`/api/pipelines/${id}/stages/remove`, { name }, pipelineSchema),
    apply: (stages, { name }) => stages.filter((stage) => stage !== name),
    failed: pipelineMessages.removeStageFailed,
  });

export const useRenameStage = () =>
  useStageChange<{ from: string; to: string }>({
    request: (id, { from, to }) => api.post(`/api/pipelines/${id}/stages/rename`, { from, to }, pipelineSchema),
    apply: (stages, { from, to }) => stages.map((stage) => (stage === from ? to : stage)),
    failed: pipelineMessages.stageRenameFailed,
    succeeded: pipelineMessages.stageRenamed,
  });

export const useReorderStages = () =>
  useStageChange<{ stages: string[] }>({
    request: (id, { stages }) => api.put(`/api/pipelines/${id}/stages`, { stages }, pipelineSchema),
    apply: (_, { stages }) => stages,
    failed: pipelineMessages.reorderFailed,
  });
