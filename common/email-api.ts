import { del, get, patch, post, put } from './api-route';
import {
  composeSchema,
  emailAttachmentParamsSchema,
  emailCheckInputSchema,
  emailCheckQuerySchema,
  emailCheckStatusSchema,
  emailDetailSchema,
  emailFolderInputSchema,
  emailFolderListSchema,
  emailFolderSchema,
  emailListItemSchema,
  emailListQuerySchema,
  emailPageSchema,
  emailPatchSchema,
  emailSentSchema,
  relatedEmailsQuerySchema,
} from './email';
import { countSchema, errorBodySchema, idParamSchema } from './http';

const params = idParamSchema;

/** The email area's routes (see api-route.ts): the mailbox, its custom folders, and the mail beside the CRM. */
export const emailApi = {
  list: get('/api/email/messages', { query: emailListQuerySchema, response: emailPageSchema }),
  unread: get('/api/email/unread', { response: countSchema }),
  one: get('/api/email/messages/:id', { params, response: emailDetailSchema }),
  update: patch('/api/email/messages/:id', { params, body: emailPatchSchema, response: emailListItemSchema }),
  remove: del('/api/email/messages/:id', { params, status: 204 }),
  /** The file's bytes, which the browser downloads from a link. */
  attachment: get('/api/email/messages/:id/attachments/:attachmentId', { params: emailAttachmentParamsSchema }),
  /**
   * 'Check Mail': queues a check of every account of the user (or the one named) and answers at once with where
   * they are; an account already queued or being checked is not queued twice. 503 on a server without a job queue.
   */
  check: post('/api/email/check', {
    body: emailCheckInputSchema,
    response: emailCheckStatusSchema,
    status: 202,
    otherResponses: { 503: errorBodySchema },
  }),
  /** Where the user's last 'Check Mail' is, account by account (404 for an account not theirs). */
  checkStatus: get('/api/email/check', { query: emailCheckQuerySchema, response: emailCheckStatusSchema }),
  /** 502 with the mail server's reason when it could not be reached or refused the message. */
  send: post('/api/email/send', {
    body: composeSchema,
    response: emailSentSchema,
    status: 201,
    otherResponses: { 502: errorBodySchema },
  }),
  folders: get('/api/email/folders', { response: emailFolderListSchema }),
  createFolder: post('/api/email/folders', { body: emailFolderInputSchema, response: emailFolderSchema, status: 201 }),
  renameFolder: put('/api/email/folders/:id', { params, body: emailFolderInputSchema, response: emailFolderSchema }),
  removeFolder: del('/api/email/folders/:id', { params, status: 204 }),
  contactEmails: get('/api/contacts/:id/emails', {
    params,
    query: relatedEmailsQuerySchema,
    response: emailPageSchema,
  }),
  dealEmails: get('/api/deals/:id/emails', { params, query: relatedEmailsQuerySchema, response: emailPageSchema }),
};
