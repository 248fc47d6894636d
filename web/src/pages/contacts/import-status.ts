import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactImport } from '@common/contacts';
import { contactsApi } from '@common/contacts-api';
import { call } from '../../lib/api';
import { contactKeys } from './keys';

// An import runs as a job on the server (issue 30): the screen follows it by asking where it is, every second while
// it runs, from the import dialog or, once that is closed, from the contacts page.

/** Kept apart from the contacts' keys: refreshing the list must not ask for the import again. */
export const importKeys = {
  all: ['contact-imports'] as const,
  current: () => [...importKeys.all, 'current'] as const,
  one: (id: string) => [...importKeys.all, id] as const,
};

const FOLLOW_MS = 1000;
const running = (job: ContactImport | null | undefined) => job?.state === 'importing';

/** Once an import followed here stops running, the contacts it wrote are read again. */
function useRefreshWhenFinished(job: ContactImport | null | undefined) {
  const qc = useQueryClient();
  const wasRunning = useRef(false);
  useEffect(() => {
    if (running(job)) wasRunning.current = true;
    else if (wasRunning.current && job) {
      wasRunning.current = false;
      void qc.invalidateQueries({ queryKey: contactKeys.all });
      void qc.invalidateQueries({ queryKey: importKeys.all });
    }
  }, [job, qc]);
}

/** One import, followed while it runs. */
export function useImportStatus(id: string | null) {
  const query = useQuery({
    queryKey: importKeys.one(id ?? ''),
    queryFn: () => call(contactsApi.importStatus, { params: { id: id! } }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (q) => (running(q.state.data) ? FOLLOW_MS : false),
  });
  useRefreshWhenFinished(query.data);
  return query;
}

/** The member's latest import not dismissed (the contacts page's notice), followed while it runs. */
export function useCurrentImport() {
  const query = useQuery({
    queryKey: importKeys.current(),
    queryFn: async () => (await call(contactsApi.currentImport)).import,
    staleTime: 0,
    refetchInterval: (q) => (running(q.state.data) ? FOLLOW_MS : false),
  });
  useRefreshWhenFinished(query.data);
  return query;
}

export function useDismissImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(contactsApi.dismissImport, { params: { id } }),
    onSuccess: () => qc.setQueryData(importKeys.current(), null),
  });
}
