import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  schedulingSettingsInputSchema,
  schedulingSettingsQuerySchema,
  schedulingSettingsSchema,
} from '@common/scheduling';
import { getSchedulingSettings, updateSchedulingSettings } from './scheduling';

/** Signed-in routes: the Scheduling Settings screen (part 1 §2). */
export async function schedulingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/scheduling/settings',
    { schema: { querystring: schedulingSettingsQuerySchema, response: { 200: schedulingSettingsSchema } } },
    (req) => getSchedulingSettings(app.db, app.config, req.user.id, req.query.timezone),
  );

  r.patch(
    '/api/scheduling/settings',
    { schema: { body: schedulingSettingsInputSchema, response: { 200: schedulingSettingsSchema } } },
    (req) => updateSchedulingSettings(app.db, app.config, req.user.id, req.body),
  );
}
