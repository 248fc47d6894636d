import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { BookingConfirmation, PublicBookingOwner, Slot } from '@common/booking';
import { bookingMessages } from '@common/booking-messages';
import { Button } from '../../../components/button';
import { Field, FieldFrame, FormAlert, inputClasses } from '../../../components/field';
import { isApiError } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { bookSlot, loadSchemas } from './api';
import { formatSpan, zoneLabel } from './times';
import type { BookingErrors, BookingValues } from './validation';

interface BookingFormProps {
  userId: string;
  slot: Slot;
  timeZone: string;
  timeFormat: PublicBookingOwner['timeFormat'];
  /** The booking made, and the address the visitor gave. */
  onBooked: (confirmation: BookingConfirmation, email: string) => void;
  /** The server no longer offers the time (taken meanwhile, or past the notice): the message to show. */
  onRefused: (message: string) => void;
}

const fieldOrder: Array<keyof BookingErrors> = ['name', 'email', 'notes'];

/** Name, e-mail and notes for the chosen time, checked with the server's own schema; Book. */
export function BookingForm({ userId, slot, timeZone, timeFormat, onBooked, onRefused }: BookingFormProps) {
  // One key per attempt at this time: a retry after a lost answer finds the booking it made instead of a second.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [values, setValues] = useState<BookingValues>({ name: '', email: '', notes: '' });
  const [errors, setErrors] = useState<BookingErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);

  // Picking a time moves on to the details, for keyboard and screen-reader users too.
  useEffect(() => {
    nameInput.current?.focus();
  }, []);

  const focusFirstError = (found: BookingErrors) => {
    const first = fieldOrder.find((name) => found[name]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const change = (name: keyof BookingValues, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    setPending(true);
    let check;
    try {
      // Loaded with the page's first answer already; a lost chunk is a failed attempt like a lost request.
      check = (await loadSchemas()).checkBooking({ ...values, start: slot.start, idempotencyKey });
    } catch {
      setPending(false);
      return setFormError(bookingMessages.bookFailed);
    }
    if (check.errors) {
      setPending(false);
      // Only the time itself can fail outside the fields: it is no longer a valid one.
      if (!fieldOrder.some((name) => check.errors[name])) return onRefused(bookingMessages.notASlot);
      setErrors(check.errors);
      focusFirstError(check.errors);
      return;
    }
    try {
      onBooked(await bookSlot(userId, check.input), check.input.email);
    } catch (error) {
      setPending(false);
      if (isApiError(error, 409)) return onRefused(bookingMessages.slotTaken);
      if (isApiError(error, 400)) {
        const fields: BookingErrors = {};
        for (const name of fieldOrder) fields[name] = error.fields[name];
        if (fieldOrder.some((name) => fields[name])) {
          setErrors(fields);
          focusFirstError(fields);
          return;
        }
        return onRefused(error.error);
      }
      setFormError(isApiError(error, 429) ? error.error : bookingMessages.bookFailed);
    }
  };

  return (
    <form
      ref={form}
      noValidate
      aria-labelledby="booking-form-heading"
      onSubmit={submit}
      className="space-y-4 border-t border-slate-200 pt-5 dark:border-slate-800"
    >
      <div>
        <h2 id="booking-form-heading" className="text-base font-semibold text-slate-900 dark:text-slate-100">
          Your details
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {formatSpan(slot.start, slot.end, timeZone, timeFormat)} ({zoneLabel(timeZone)})
        </p>
      </div>
      <FormAlert message={formError} />
      <Field
        ref={nameInput}
        label="Name"
        name="name"
        autoComplete="name"
        value={values.name}
        error={errors.name}
        onChange={(event) => change('name', event.target.value)}
      />
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onChange={(event) => change('email', event.target.value)}
      />
      <FieldFrame label="Notes (optional)" error={errors.notes}>
        {(control) => (
          <textarea
            {...control}
            name="notes"
            rows={3}
            className={inputClasses}
            value={values.notes}
            onChange={(event) => change('notes', event.target.value)}
          />
        )}
      </FieldFrame>
      <Button type="submit" loading={pending} className="w-full sm:w-auto">
        Book
      </Button>
    </form>
  );
}
