import type { SubmittedValue } from '@common/form-rules';
import type { PublicForm, SubmissionReceipt } from '@common/forms';
import type { formsApi } from '@common/forms-api';
import { formsPublicRoutes } from '@common/forms-public-routes';
import { send, type Parser } from '../../../lib/api';

/* The public form's two calls. No zod here (the page's budget, bench/bundle.ts): the routes come without their
   schemas, and the answers are checked by hand for the shape the page relies on. */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const publicFormParser: Parser<PublicForm> = {
  parse: (data) => {
    if (!isRecord(data) || typeof data.id !== 'string' || !Array.isArray(data.fields) || !isRecord(data.style))
      throw new Error('Unexpected form');
    return data as unknown as PublicForm;
  },
};

const receiptParser: Parser<SubmissionReceipt> = {
  parse: (data) => {
    if (!isRecord(data) || typeof data.id !== 'string' || typeof data.successMessage !== 'string')
      throw new Error('Unexpected receipt');
    return {
      id: data.id,
      successMessage: data.successMessage,
      redirectUrl: data.redirectUrl ?? null,
    } as SubmissionReceipt;
  },
};

/** The form as a visitor sees it; 404 when there is no such form. */
export const fetchPublicForm = (formId: string): Promise<PublicForm> =>
  send<typeof formsApi.publicForm>(formsPublicRoutes.form, { params: { id: formId } }).then((data) =>
    publicFormParser.parse(data),
  );

export interface SubmissionRequest {
  values: Record<string, SubmittedValue>;
  idempotencyKey: string;
  honeypot?: string;
}

/** 201 a new submission, 200 the one this idempotency key already stored. */
export const submitForm = (formId: string, body: SubmissionRequest): Promise<SubmissionReceipt> =>
  send<typeof formsApi.submit>(formsPublicRoutes.submit, { params: { id: formId }, body }).then((data) =>
    receiptParser.parse(data),
  );
