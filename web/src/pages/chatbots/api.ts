import { infiniteQueryOptions } from '@tanstack/react-query';
import { chatbotFlowPageSchema } from '@common/chatbots';
import { api } from '../../lib/api';
import { pageParams } from '../../lib/paging';

/** A page of the grid: fills rows of one, two or three cards. */
export const CHATBOTS_PAGE_SIZE = 24;

/** The user's flows, newest first, a page at a time ("Load more" asks for the next). */
export const chatbotFlowsQuery = () =>
  infiniteQueryOptions({
    queryKey: ['chatbots'],
    queryFn: ({ pageParam }) =>
      api.get(`/api/chatbots?${pageParams(CHATBOTS_PAGE_SIZE, pageParam)}`, chatbotFlowPageSchema),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
