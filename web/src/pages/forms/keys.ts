/** The query keys of forms: other areas invalidate or read them through this factory, never by literal. */
export const formKeys = {
  all: ['forms'] as const,
  page: (cursor: string | null) => [...formKeys.all, 'page', cursor] as const,
  one: (id: string) => [...formKeys.all, 'one', id] as const,
  submissions: (formId: string, cursor: string | null) => [...formKeys.all, 'submissions', formId, cursor] as const,
};
