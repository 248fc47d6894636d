import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { formMessages, formPageSchema, formSchema, submissionPageSchema, type FormInput } from '@common/forms';
import { pipelineListSchema } from '@common/pipelines';
import { api } from '../../lib/api';
import { pageParams } from '../../lib/paging';

/** A page of the grid: fills rows of one, two or three cards. */
export const FORMS_PAGE_SIZE = 24;
export const SUBMISSIONS_PAGE_SIZE = 25;

/** One page of the user's forms, newest first, after a cursor (null: the first page). */
export const formsPageQuery = (cursor: string | null) =>
  queryOptions({
    queryKey: ['forms', 'page', cursor],
    queryFn: () => api.get(`/api/forms?${pageParams(FORMS_PAGE_SIZE, cursor)}`, formPageSchema),
  });

export const formQuery = (id: string) =>
  queryOptions({
    queryKey: ['forms', 'one', id],
    queryFn: () => api.get(`/api/forms/${encodeURIComponent(id)}`, formSchema),
  });

/** A page of a form's submissions, newest first. */
export const submissionsPageQuery = (formId: string, cursor: string | null) =>
  queryOptions({
    queryKey: ['forms', 'submissions', formId, cursor],
    queryFn: () =>
      api.get(
        `/api/forms/${encodeURIComponent(formId)}/submissions?${pageParams(SUBMISSIONS_PAGE_SIZE, cursor)}`,
        submissionPageSchema,
      ),
  });

export const submissionsCsvUrl = (formId: string) => `/api/forms/${encodeURIComponent(formId)}/submissions.csv`;

/** The same cache entry as the pipeline settings page and the deal board: the deal stages come from it. */
export const pipelinesQuery = () =>
  queryOptions({ queryKey: ['pipelines'], queryFn: () => api.get('/api/pipelines', pipelineListSchema) });

function useInvalidateForms() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['forms'] });
}

/** Field messages of a 400 are shown beside the fields by the builder; the toast says the save failed. */
export function useCreateForm() {
  const invalidate = useInvalidateForms();
  return useMutation({
    mutationFn: (input: FormInput) => api.post('/api/forms', input, formSchema),
    onSuccess: () => {
      toast.success(formMessages.created);
      return invalidate();
    },
    onError: () => toast.error(formMessages.saveFailed),
  });
}

export function useUpdateForm() {
  const invalidate = useInvalidateForms();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: FormInput }) =>
      api.put(`/api/forms/${encodeURIComponent(id)}`, input, formSchema),
    onSuccess: () => {
      toast.success(formMessages.updated);
      return invalidate();
    },
    onError: () => toast.error(formMessages.saveFailed),
  });
}

export function useDeleteForm() {
  const invalidate = useInvalidateForms();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/forms/${encodeURIComponent(id)}`),
    onSuccess: () => {
      toast.success(formMessages.deleted);
      return invalidate();
    },
    onError: () => toast.error(formMessages.deleteFailed),
  });
}

/** Copies a form's embed snippet; the toast confirms it (part 2 §9). */
export async function copyEmbedCode(embedCode: string) {
  try {
    await navigator.clipboard.writeText(embedCode);
    toast.success(formMessages.embedCopied);
  } catch {
    toast.error('Could not copy the embed code. Copy it from the form settings instead.');
  }
}
