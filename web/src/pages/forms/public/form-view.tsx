import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { checkSubmission, formMessages, formThemes, isSafeRedirectUrl, type SubmittedValue } from '@common/form-rules';
import type { PublicForm, SubmissionReceipt } from '@common/forms';
import { isApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { fieldDomId, FormFieldControl } from './form-field';
import { formBaseCss, formStyleVariables } from './form-style';

/** What the page adds to a submission besides the values: the honeypot, when something filled it in. */
export interface SendExtras {
  honeypot?: string;
}

export interface FormViewProps {
  form: PublicForm;
  /**
   * Sends a checked submission and answers its receipt; may throw the API's errors (400 with `fields`, 429).
   * null in the builder's Preview: nothing is sent, the success message shows at once.
   */
  send: ((values: Record<string, SubmittedValue>, extras?: SendExtras) => Promise<SubmissionReceipt>) | null;
  /** The form's name is the page's heading on the public page (1), a section's inside the builder (2). */
  headingLevel?: 1 | 2;
}

/**
 * Leaves for the redirect URL: the whole page when the form is embedded and the embedding page lets us (an
 * iframe may navigate its top window after a click), else the frame itself.
 */
function leaveFor(url: string) {
  try {
    if (window.top && window.top !== window.self) {
      window.top.location.href = url;
      return;
    }
  } catch {
    // The browser refused to navigate the embedding page: go there inside the frame.
  }
  window.location.href = url;
}

type Values = Record<string, SubmittedValue>;

/**
 * One form as a visitor sees it (part 2 §3 style; decisions.md items 11, 13): the public page and the builder's
 * Preview both render it. It checks the values with the server's own rules before sending, shows each field's
 * message beside it (from the browser's check or the server's 400), and after a success the success message, or
 * the redirect URL when the form has a safe one.
 */
export function FormView({ form, send, headingLevel = 2 }: FormViewProps) {
  const formKey = `pf${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [honeypot, setHoneypot] = useState('');
  const successRef = useRef<HTMLDivElement>(null);
  // What to focus after the next render: the first invalid field, the success message, or the first field.
  const [focusTarget, setFocusTarget] = useState<'error' | 'success' | 'start' | null>(null);

  useEffect(() => {
    if (!focusTarget) return;
    setFocusTarget(null);
    if (focusTarget === 'success') return successRef.current?.focus();
    const field = focusTarget === 'error' ? form.fields.find((candidate) => errors[candidate.id]) : form.fields[0];
    if (!field) return;
    const grouped = field.type === 'checkbox' || field.type === 'radio';
    const id = fieldDomId(formKey, field.id);
    document.getElementById(grouped ? `${id}-0` : id)?.focus();
  }, [focusTarget, errors, form.fields, formKey]);

  const change = (fieldId: string, value: SubmittedValue) => {
    setValues((current) => ({ ...current, [fieldId]: value }));
    if (errors[fieldId]) setErrors(({ [fieldId]: _fixed, ...rest }) => rest);
  };

  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    setFormError(formMessages.fixFields);
    setFocusTarget('error');
  };

  const succeed = (message: string) => {
    setSuccess(message);
    setFocusTarget('success');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const check = checkSubmission(form.fields, values);
    if (Object.keys(check.errors).length > 0) return showErrors(check.errors);
    setErrors({});
    if (!send) return succeed(form.successMessage);
    setPending(true);
    try {
      const receipt = await send(check.values, honeypot ? { honeypot } : undefined);
      succeed(receipt.successMessage || form.successMessage);
      const redirectUrl = receipt.redirectUrl ?? form.redirectUrl;
      if (redirectUrl && isSafeRedirectUrl(redirectUrl)) leaveFor(redirectUrl);
    } catch (error) {
      if (isApiError(error, 400)) {
        const known = Object.fromEntries(
          form.fields.filter((field) => error.fields[field.id]).map((field) => [field.id, error.fields[field.id]!]),
        );
        if (Object.keys(known).length > 0) showErrors(known);
        else setFormError(error.error || formMessages.submitFailed);
      } else if (isApiError(error, 429)) {
        setFormError(error.error || formMessages.tooMany);
      } else {
        setFormError(formMessages.submitFailed);
      }
    } finally {
      setPending(false);
    }
  };

  const submitAnother = () => {
    setValues({});
    setErrors({});
    setFormError(null);
    setHoneypot('');
    setSuccess(null);
    setFocusTarget('start');
  };

  const theme = (formThemes as readonly string[]).includes(form.style.theme) ? form.style.theme : 'light';
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const headingId = `${formKey}-title`;
  const button = cn(
    'inline-flex min-h-11 items-center justify-center rounded-(--pf-radius) bg-(--pf-primary) px-6 py-2',
    // Large, bold text: white on the default blue reads at the large-text contrast.
    'text-xl font-bold text-(--pf-on-primary) shadow-sm hover:brightness-95 disabled:cursor-not-allowed disabled:opacity-70',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--pf-primary)',
  );

  return (
    <div
      data-pipewise-form=""
      data-theme={theme}
      style={formStyleVariables(form.style)}
      className="rounded-[min(var(--pf-radius),1rem)] border border-(--pf-border)/30 p-5 sm:p-8"
    >
      <style>{formBaseCss}</style>
      {form.style.scopedCss && <style>{form.style.scopedCss}</style>}
      <div className="mb-6 space-y-1">
        <Heading id={headingId} className="text-2xl font-bold tracking-tight text-(--pf-fg)">
          {form.name}
        </Heading>
        {form.description && <p className="text-(--pf-muted) whitespace-pre-line">{form.description}</p>}
      </div>
      {success !== null ? (
        <div ref={successRef} tabIndex={-1} role="status" className="space-y-5 outline-none">
          <p className="text-lg text-(--pf-fg) whitespace-pre-line">{success}</p>
          <button type="button" className={button} onClick={submitAnother}>
            {formMessages.submitAnother}
          </button>
        </div>
      ) : (
        <form noValidate aria-labelledby={headingId} onSubmit={submit} className="relative space-y-5">
          {formError && (
            <div
              role="alert"
              className="rounded-[min(var(--pf-radius),0.5rem)] border border-(--pf-error) px-3 py-2 text-sm font-medium text-(--pf-error)"
            >
              {formError}
            </div>
          )}
          {form.fields.map((field) => (
            <FormFieldControl
              key={field.id}
              formKey={formKey}
              field={field}
              value={values[field.id]}
              error={errors[field.id]}
              disabled={pending}
              onChange={(value) => change(field.id, value)}
            />
          ))}
          {/* For bots only: out of sight, out of the tab order and hidden from screen readers. */}
          <div aria-hidden="true" className="absolute -left-[10000px] top-0 size-px overflow-hidden">
            <label htmlFor={`${formKey}-hp`}>Leave this field empty</label>
            <input
              id={`${formKey}-hp`}
              name="pipewise_hp"
              type="text"
              tabIndex={-1}
              autoComplete="off"
              value={honeypot}
              onChange={(event) => setHoneypot(event.target.value)}
            />
          </div>
          <button type="submit" className={button} disabled={pending}>
            {pending ? formMessages.submitting : formMessages.submit}
          </button>
        </form>
      )}
    </div>
  );
}
