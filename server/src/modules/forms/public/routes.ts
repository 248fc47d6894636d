import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { formMessages } from '@common/forms';
import { formsApi } from '@common/forms-api';
import { handleError } from '../../../http/error-handler';
import { serve } from '../../../http/serve';
import { getPublicForm, hashIp, submitForm } from './service';
import { clientAddressKey } from '../../../http/client-address';

/**
 * A submission is at most 50 fields of 500 characters (a textarea 5,000), escaped: 64 KB leaves room for that
 * and refuses anything larger before it is parsed.
 */
const SUBMISSION_BODY_LIMIT = 64 * 1024;
const MINUTE = 60_000;

/** Public routes, no session: the form page at /forms/{id} and the embed post here (decisions.md items 11, 13, 14). */
export async function publicFormRoutes(app: FastifyInstance) {
  serve(
    app,
    formsApi.publicForm,
    (req, reply) => {
      reply.header('cache-control', 'no-store');
      return getPublicForm(app.db, req.params.id);
    },
    { errorHandler: unknownForm },
  );

  serve(
    app,
    formsApi.submit,
    async (req, reply) => {
      // Per address, then per form across all addresses: counted by the statement that reads the form.
      const attempts = [
        {
          key: `form-submissions:${clientAddressKey(req.ip)}`,
          max: app.config.formSubmissionsPerMinute,
          windowMs: MINUTE,
        },
        {
          key: `form-submissions-form:${req.params.id}`,
          max: app.config.formSubmissionsPerFormPerMinute,
          windowMs: MINUTE,
        },
      ];
      const { created, receipt } = await submitForm(
        app.db,
        req.params.id,
        req.body,
        hashIp(app.config.secretKey, req.ip),
        attempts,
      );
      return reply.code(created ? 201 : 200).send(receipt);
    },
    {
      bodyLimit: SUBMISSION_BODY_LIMIT,
      errorHandler: unknownForm,
    },
  );
}

/** A malformed form id is an unknown one: the page's own message rather than the API's bare 404. */
function unknownForm(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
    void reply.code(404).send({ error: formMessages.formNotFound });
    return;
  }
  void handleError(error, req, reply);
}
