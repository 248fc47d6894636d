import { del, get, patch, post, put } from './api-route';
import { idParamSchema } from './http';
import {
  pipelineCreateSchema,
  pipelineListSchema,
  pipelineRenameSchema,
  pipelineSchema,
  stageAddSchema,
  stageOrderSchema,
  stageRemoveSchema,
  stageRenameSchema,
} from './pipelines';

/** The pipelines area's routes (see api-route.ts). */
export const pipelinesApi = {
  list: get('/api/pipelines', { response: pipelineListSchema }),
  create: post('/api/pipelines', { body: pipelineCreateSchema, response: pipelineSchema, status: 201 }),
  rename: patch('/api/pipelines/:id', { params: idParamSchema, body: pipelineRenameSchema, response: pipelineSchema }),
  remove: del('/api/pipelines/:id', { params: idParamSchema, status: 204 }),
  /** Answers the whole list: the former default is one no more. */
  setDefault: post('/api/pipelines/:id/default', { params: idParamSchema, response: pipelineListSchema }),
  addStage: post('/api/pipelines/:id/stages', {
    params: idParamSchema,
    body: stageAddSchema,
    response: pipelineSchema,
  }),
  removeStage: post('/api/pipelines/:id/stages/remove', {
    params: idParamSchema,
    body: stageRemoveSchema,
    response: pipelineSchema,
  }),
  renameStage: post('/api/pipelines/:id/stages/rename', {
    params: idParamSchema,
    body: stageRenameSchema,
    response: pipelineSchema,
  }),
  reorderStages: put('/api/pipelines/:id/stages', {
    params: idParamSchema,
    body: stageOrderSchema,
    response: pipelineSchema,
  }),
};
