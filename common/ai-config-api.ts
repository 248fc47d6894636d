import { aiConfigInputSchema, aiConfigSchema } from './ai-config';
import { get, put } from './api-route';

/** The AI Configuration screen's routes (see api-route.ts). */
export const aiConfigApi = {
  one: get('/api/settings/ai', { response: aiConfigSchema }),
  save: put('/api/settings/ai', { body: aiConfigInputSchema, response: aiConfigSchema }),
};
