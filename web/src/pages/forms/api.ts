import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { formMessages, type FormInput } from '@common/forms';
import { formsApi } from '@common/forms-api';
import { call } from '../../lib/api';
import { pageQuery } from '../../lib/paging';
import { formKeys } from './keys';

/** A page of the grid: fills rows of one, two or three cards. */
export const FORMS_PAGE_SIZE = 24;
export const SUBMISSIONS_PAGE_SIZE = 25;

/** One page of the user's forms, newest first, after a cursor (null: the first page). */
export const formsPageQuery = (cursor: string | null) =>
  queryOptions({
    queryKey: formKeys.page(cursor),
    queryFn: () => call(formsApi.list, { query: pageQuery(FORMS_PAGE_SIZE, cursor) }),
  });

export const formQuery = (id: string) =>
  queryOptions({
    queryKey: formKeys.one(id),
    queryFn: () => call(formsApi.one, { params: { id } }),
  });

/** A page of a form's submissions, newest first. */
export const submissionsPageQuery = (formId: string, cursor: string | null) =>
  queryOptions({
    queryKey: formKeys.submissions(formId, cursor),
    queryFn: () =>
      call(formsApi.submissions, { params: { id: formId }, query: pageQuery(SUBMISSIONS_PAGE_SIZE, cursor) }),
  });

function useInvalidateForms() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: formKeys.all });
}

/** Field messages of a 400 are shown beside the fields by the builder; the toast says the save failed. */
export function useCreateForm() {
  const invalidate = useInvalidateForms();
  return useMutation({
    mutationFn: (input: FormInput) => call(formsApi.create, { body: input }),
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
      call(formsApi.update, { params: { id }, body: input }),
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
    mutationFn: (id: string) => call(formsApi.remove, { params: { id } }),
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
