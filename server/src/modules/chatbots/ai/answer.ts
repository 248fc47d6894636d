import type { AnswerEvent, AnswerQuestion, AnswerRequest } from './answer-types';

// Stands in for the AI module until it lands: every question is answered as a failure the conversation shows
// with the AI Answer block's failure line, so the rest of a flow works without a provider.

const NOT_SET_UP = 'AI answers are not set up yet';

export const answerQuestion: AnswerQuestion = async function* (_request: AnswerRequest): AsyncIterable<AnswerEvent> {
  yield { type: 'failed', visitorText: NOT_SET_UP, ownerReason: NOT_SET_UP };
};
