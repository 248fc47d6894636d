import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  chatbotMessages,
  type ChatbotCreate,
  type ChatbotDetail,
  type ChatbotUpdate,
  type KnowledgeInput,
} from '@common/chatbots';
import { chatbotsApi } from '@common/chatbots-api';
import { call, isApiError } from '../../lib/api';
import { pageQuery } from '../../lib/paging';
import { chatbotKeys } from './keys';
import { knowledgeMessages, pageMessages } from './messages';

/** A page of the grid: fills rows of one, two or three cards. */
export const CHATBOTS_PAGE_SIZE = 24;
export const KNOWLEDGE_PAGE_SIZE = 20;
export const CONVERSATIONS_PAGE_SIZE = 25;

/** Another user's record, a deleted one or a malformed id (404, 400): asking again would not change it. */
export const isGone = (error: unknown) => isApiError(error, 404) || isApiError(error, 400);
const retryUnlessGone = (count: number, error: unknown) => !isGone(error) && count < 2;

/** The user's flows, newest first, a page at a time ("Load more" asks for the next). */
export const chatbotFlowsQuery = () =>
  infiniteQueryOptions({
    queryKey: chatbotKeys.list(),
    queryFn: ({ pageParam }) => call(chatbotsApi.list, { query: pageQuery(CHATBOTS_PAGE_SIZE, pageParam) }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** One bot whole: the bot's page (its header, each tab, the builder) reads this one entry. */
export const chatbotQuery = (id: string) =>
  queryOptions({
    queryKey: chatbotKeys.one(id),
    queryFn: () => call(chatbotsApi.one, { params: { id } }),
    retry: retryUnlessGone,
  });

/** A bot's knowledge, newest first, a page at a time. */
export const knowledgeQuery = (chatbotId: string) =>
  infiniteQueryOptions({
    queryKey: chatbotKeys.knowledge(chatbotId),
    queryFn: ({ pageParam }) =>
      call(chatbotsApi.knowledge, { params: { id: chatbotId }, query: pageQuery(KNOWLEDGE_PAGE_SIZE, pageParam) }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** A bot's conversations, newest first, a page at a time; `q` searches the transcripts and the visitors. */
export const conversationsQuery = (chatbotId: string, q: string) =>
  infiniteQueryOptions({
    queryKey: chatbotKeys.conversationSearch(chatbotId, q),
    queryFn: ({ pageParam, signal }) =>
      call(chatbotsApi.conversations, {
        params: { id: chatbotId },
        query: { ...pageQuery(CONVERSATIONS_PAGE_SIZE, pageParam), q: q || undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** One conversation: its transcript, the variables collected and what it produced. */
export const conversationQuery = (chatbotId: string, conversationId: string) =>
  queryOptions({
    queryKey: chatbotKeys.conversation(chatbotId, conversationId),
    queryFn: () => call(chatbotsApi.conversation, { params: { id: chatbotId, conversationId } }),
    retry: retryUnlessGone,
  });

/** The server's reason when it refused the change (a 4xx), else the fallback. */
export function reasonOf(error: unknown, fallback: string): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? error.error : fallback;
}

export function useCreateChatbot() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ChatbotCreate) => call(chatbotsApi.create, { body: input }),
    onSuccess: (chatbot) => {
      toast.success(chatbotMessages.created);
      qc.setQueryData(chatbotQuery(chatbot.id).queryKey, chatbot);
      return qc.invalidateQueries({ queryKey: chatbotKeys.list() });
    },
  });
}

/** Saves some of a bot's fields; every view of the bot then shows its answer. The caller reports failures. */
export function useUpdateChatbot(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (changes: ChatbotUpdate) => call(chatbotsApi.update, { params: { id }, body: changes }),
    onSuccess: (chatbot: ChatbotDetail) => {
      qc.setQueryData(chatbotQuery(id).queryKey, chatbot);
      return qc.invalidateQueries({ queryKey: chatbotKeys.list() });
    },
  });
}

/** Turns a bot on or off at once; a refusal (a never-published bot) is toasted in the server's words. */
export function useSetChatbotActive(id: string) {
  const update = useUpdateChatbot(id);
  return {
    isPending: update.isPending,
    set: (isActive: boolean) =>
      update.mutate({ isActive }, { onError: (error) => toast.error(reasonOf(error, pageMessages.saveFailed)) }),
  };
}

export function useDeleteChatbot(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(chatbotsApi.remove, { params: { id } }),
    onSuccess: () => {
      toast.success(chatbotMessages.deleted);
      // Its lists would only answer 404 now: dropped, not fetched again. The bot itself is still shown until the page
      // moves on; a later visit reads it again and says it is gone.
      for (const queryKey of [
        chatbotKeys.knowledge(id),
        chatbotKeys.conversations(id),
        chatbotKeys.conversationDetails(id),
      ]) {
        qc.removeQueries({ queryKey });
      }
      return qc.invalidateQueries({ queryKey: chatbotKeys.list() });
    },
    onError: (error) => toast.error(reasonOf(error, pageMessages.deleteFailed)),
  });
}

function useInvalidateKnowledge(chatbotId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: chatbotKeys.knowledge(chatbotId) });
}

/** Adds an entry, or replaces one whole; the form shows a refusal. */
export function useSaveKnowledge(chatbotId: string) {
  const invalidate = useInvalidateKnowledge(chatbotId);
  return useMutation({
    mutationFn: ({ entryId, input }: { entryId: string | null; input: KnowledgeInput }) =>
      entryId
        ? call(chatbotsApi.updateKnowledge, { params: { id: chatbotId, entryId }, body: input })
        : call(chatbotsApi.addKnowledge, { params: { id: chatbotId }, body: input }),
    onSuccess: (_, { entryId }) => {
      toast.success(entryId ? knowledgeMessages.updated : knowledgeMessages.added);
      return invalidate();
    },
  });
}

export function useDeleteKnowledge(chatbotId: string) {
  const invalidate = useInvalidateKnowledge(chatbotId);
  return useMutation({
    mutationFn: (entryId: string) => call(chatbotsApi.removeKnowledge, { params: { id: chatbotId, entryId } }),
    onSuccess: () => {
      toast.success(knowledgeMessages.deleted);
      return invalidate();
    },
    onError: (error) => toast.error(reasonOf(error, knowledgeMessages.deleteFailed)),
  });
}

/** The snippet a website pastes: the widget script from our origin, with the bot's id. */
export const chatbotEmbedCode = (origin: string, id: string) =>
  `<script src="${origin}/chatbot-widget.js" data-chatbot-id="${id}" async></script>`;

/** The bot's own public page, for a link instead of an embed. */
export const chatbotPageUrl = (origin: string, id: string) => `${origin}/chat/${encodeURIComponent(id)}`;
