import { useDeferredValue, useEffect, useState } from 'react';
import { FormView } from './public/form-view';
import { draftAsPublicForm, type FormDraft } from './form-draft';

/** The user's CSS scoped as the public page serves it; the parser loads only when a form has custom CSS. */
function useScopedCss(css: string): string | null {
  const deferred = useDeferredValue(css);
  const [scoped, setScoped] = useState<{ css: string; result: string | null }>({ css: '', result: null });
  useEffect(() => {
    if (!deferred.trim()) return;
    let current = true;
    void import('@common/form-css')
      .then(({ scopeCustomCss }) => {
        if (current) setScoped({ css: deferred, result: scopeCustomCss(deferred) });
      })
      .catch(() => {
        if (current) setScoped({ css: deferred, result: null });
      });
    return () => {
      current = false;
    };
  }, [deferred]);
  // While the newest CSS is scoped, the last result stays: the preview does not flicker as the user types.
  return deferred.trim() ? scoped.result : null;
}

/** The form exactly as the public page renders it, with the same component; submitting sends nothing. */
export function BuilderPreview({ draft, formId }: { draft: FormDraft; formId: string }) {
  const scopedCss = useScopedCss(draft.style?.customCss ?? '');
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 dark:border-slate-700">
      <FormView form={draftAsPublicForm(draft, formId, scopedCss)} send={null} />
    </div>
  );
}
