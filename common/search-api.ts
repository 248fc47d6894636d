import { get } from './api-route';
import { searchQuerySchema, searchResultSchema } from './search';

/** The search's route (see api-route.ts): the command menu's hits. */
export const searchApi = {
  search: get('/api/search', { query: searchQuerySchema, response: searchResultSchema }),
};
