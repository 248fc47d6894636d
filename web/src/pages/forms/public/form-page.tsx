import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import type { SubmittedValue } from '@common/form-rules';
import type { SubmissionReceipt } from '@common/forms';
import { Spinner } from '../../../components/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useLoad } from '../../../lib/use-load';
import { embedderOrigin, useReportHeight } from '../../../lib/use-report-height';
import { fetchPublicForm, submitForm } from './api';
import type { SendExtras } from './form-view';

// The renderer and the form rules load beside the form's request, and the page shows once both are in: the
// page's first load stays small (bench/bundle.ts), and neither waits for the other.
const loadContent = () => import('./form-content');
const FormContent = lazy(() => loadContent().then((m) => ({ default: m.FormContent })));

const loading = (
  <div className="flex justify-center py-16">
    <Spinner label="Loading" className="size-6 text-indigo-500" />
  </div>
);

/**
 * Inside the widget's iframe the page has no background of its own, so the embedding site shows around the form.
 * A frame whose color-scheme differs from its embedder's is painted opaque, hence light, like most websites.
 */
function useTransparentInFrame(framed: boolean) {
  useEffect(() => {
    if (!framed) return;
    const root = document.documentElement;
    root.classList.remove('dark');
    root.style.colorScheme = 'light';
    root.style.background = 'transparent';
    document.body.style.background = 'transparent';
  }, [framed]);
}

/**
 * /forms/:id (decisions.md items 11, 13): a form's public page, without signing in. Outside the signed-in shell
 * and light (no query library, no zod); it also runs inside the form widget's iframe, whose height it reports.
 */
export function PublicFormPage() {
  const { id = '' } = useParams();
  const content = useRef<HTMLElement>(null);
  useReportHeight(content);
  const framed = window.parent !== window && embedderOrigin() !== null;
  useTransparentInFrame(framed);
  const loaded = useLoad(id, async () => {
    const view = loadContent();
    try {
      return await fetchPublicForm(id);
    } finally {
      await view.catch(() => undefined);
    }
  });
  const form = loaded.data?.id === id ? loaded.data : undefined;
  useDocumentTitle(form?.name);

  // One key per response: a retry after a lost answer or a refusal reuses it (one stored submission), and only a
  // stored submission makes the next response take a new one.
  const idempotencyKey = useRef<string | null>(null);
  const send = useCallback(
    async (values: Record<string, SubmittedValue>, extras?: SendExtras): Promise<SubmissionReceipt> => {
      idempotencyKey.current ??= newIdempotencyKey();
      const receipt = await submitForm(id, {
        values,
        idempotencyKey: idempotencyKey.current,
        ...(extras?.honeypot ? { honeypot: extras.honeypot } : {}),
      });
      idempotencyKey.current = null;
      return receipt;
    },
    [id],
  );

  return (
    // Measured for the widget's iframe: the content's height, never the window's (no min-height here).
    <main ref={content} id="main" className={framed ? 'p-1' : 'px-3 py-6 sm:px-6 sm:py-10'}>
      <div className="mx-auto w-full max-w-2xl">
        {form || loaded.error ? (
          <Suspense fallback={loading}>
            <FormContent form={form} error={loaded.error} onRetry={loaded.reload} send={send} />
          </Suspense>
        ) : (
          loading
        )}
      </div>
    </main>
  );
}
