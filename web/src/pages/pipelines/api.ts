import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { pipelineMessages, type Pipeline } from '@common/pipelines';
import { pipelinesApi } from '@common/pipelines-api';
import { call, refusalMessage } from '../../lib/api';
import { dealKeys } from '../deals/keys';
import { pipelineKeys } from './keys';

const pipelinesKey = pipelineKeys.list();

/** All the user's pipelines in creation order (at most MAX_PIPELINES, so unpaged). */
export const pipelinesQuery = () => queryOptions({ queryKey: pipelinesKey, queryFn: () => call(pipelinesApi.list) });

const replaceIn = (list: Pipeline[] | undefined, pipeline: Pipeline) =>
  list?.map((p) => (p.id === pipeline.id ? pipeline : p));

export function useCreatePipeline() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(pipelinesApi.create, { body: { name } }),
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
      call(pipelinesApi.rename, { params: { id }, body: { name } }),
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
    mutationFn: (id: string) => call(pipelinesApi.remove, { params: { id } }),
    onSuccess: (_, id) => {
      toast.success(pipelineMessages.deleted);
      qc.setQueryData<Pipeline[]>(pipelinesKey, (list) => list?.filter((p) => p.id !== id));
      void qc.invalidateQueries({ queryKey: dealKeys.all });
      return qc.invalidateQueries({ queryKey: pipelinesKey });
    },
    onError: (error) => toast.error(refusalMessage(error, pipelineMessages.deleteFailed)),
  });
}

export function useSetDefaultPipeline() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(pipelinesApi.setDefault, { params: { id } }),
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
      void qc.invalidateQueries({ queryKey: dealKeys.all });
      return qc.invalidateQueries({ queryKey: pipelinesKey });
    },
  });
}

export const useAddStage = () =>
  useStageChange<{ name: string }>({
    request: (id, { name }) => call(pipelinesApi.addStage, { params: { id }, body: { name } }),
    apply: (stages, { name }) => [...stages, name],
    failed: pipelineMessages.addStageFailed,
  });

export const useRemoveStage = () =>
  useStageChange<{ name: string }>({
    request: (id, { name }) => call(pipelinesApi.removeStage, { params: { id }, body: { name } }),
    apply: (stages, { name }) => stages.filter((stage) => stage !== name),
    failed: pipelineMessages.removeStageFailed,
  });

export const useRenameStage = () =>
  useStageChange<{ from: string; to: string }>({
    request: (id, { from, to }) => call(pipelinesApi.renameStage, { params: { id }, body: { from, to } }),
    apply: (stages, { from, to }) => stages.map((stage) => (stage === from ? to : stage)),
    failed: pipelineMessages.stageRenameFailed,
    succeeded: pipelineMessages.stageRenamed,
  });

export const useReorderStages = () =>
  useStageChange<{ stages: string[] }>({
    request: (id, { stages }) => call(pipelinesApi.reorderStages, { params: { id }, body: { stages } }),
    apply: (_, { stages }) => stages,
    failed: pipelineMessages.reorderFailed,
  });
