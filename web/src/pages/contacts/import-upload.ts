import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactImportSchema, contactMessages, type ContactImport, type ContactImportOptions } from '@common/contacts';
import { pathOf } from '@common/api-url';
import { contactsApi } from '@common/contacts-api';
import { errorBodySchema } from '@common/http';
import { ApiError, isApiError, refusalMessage } from '../../lib/api';
import { importKeys } from './import-status';

/**
 * The contacts' import as multipart: the options first, then the file, as the server reads them in order.
 * XMLHttpRequest rather than fetch: only it reports how much of the body has been sent.
 */
function uploadContactsCsv(
  file: File,
  options: ContactImportOptions,
  onProgress: (sent: number) => void,
): Promise<ContactImport> {
  const body = new FormData();
  body.append('mapping', JSON.stringify(options.mapping));
  body.append('duplicates', options.duplicates ?? 'skip');
  body.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(contactsApi.import.method, pathOf(contactsApi.import));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onerror = () => reject(new ApiError(0, contactMessages.importFailed));
    xhr.onabort = () => reject(new ApiError(0, contactMessages.importFailed));
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (a proxy's page): the status decides below.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = contactImportSchema.safeParse(data);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError(xhr.status, contactMessages.importFailed));
        return;
      }
      const error = errorBodySchema.safeParse(data);
      reject(
        error.success
          ? new ApiError(xhr.status, error.data.error, error.data.fields)
          : new ApiError(xhr.status, xhr.statusText || contactMessages.importFailed),
      );
    };
    xhr.send(body);
  });
}

/** The words for a refused import: the server's own for a refused file, else the spec's failure message. */
export function importFailureMessage(error: unknown): string {
  if (isApiError(error, 413)) return contactMessages.importTooLarge;
  return refusalMessage(error, contactMessages.importFailed);
}

/** The upload with its progress (0 to 1, null before the first report); the import it starts is followed from there. */
export function useImportContacts() {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: ({ file, options }: { file: File; options: ContactImportOptions }) => {
      setProgress(null);
      return uploadContactsCsv(file, options, setProgress);
    },
    onSuccess: (started) => {
      qc.setQueryData(importKeys.one(started.id), started);
      qc.setQueryData(importKeys.current(), started);
    },
  });
  return { ...mutation, progress };
}
