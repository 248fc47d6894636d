import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockOf, FlowDefinition } from '@common/chatbot-flow';
import { answerThenCaptureTemplate } from '@common/chatbot-templates';
import { chatbotMessages, type ChatbotDetail } from '@common/chatbots';
import { chatbotRow, create, iso } from '../../test/chatbot-owner-kit';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { joined } from '../../test/workspace-kit';

// The owner's chatbot (issue "AI chatbot") published: its draft copied to what visitors run, refused with its
// problems, and a Capture Lead's deal held to the owner's pipelines.

let t: TestApp;
let ann: UserClient;
let bob: UserClient;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  bob = await signUp(t.app, 'bob');
});
afterAll(() => t.close());

const row = (id: string) => chatbotRow(t.database.db, id);

/** The template with its Capture Lead adding a deal. */
function withDeal(pipelineId: string, stage: string): FlowDefinition {
  const flow = answerThenCaptureTemplate();
  const capture = flow.groups[1]!.blocks.find((block) => block.id === 'capture') as BlockOf<'captureLead'>;
  capture.deal = { pipelineId, stage };
  return flow;
}

describe('publishing a chatbot', () => {
  it('copies the draft to what visitors run, and tells a changed draft by its content', async () => {
    const bot = await create(ann);
    const res = await ann.post(`/api/chatbots/${bot.id}/publish`);
    expect(res.statusCode, res.body).toBe(200);
    const published = res.json<ChatbotDetail>();
    expect(published).toMatchObject({ publishedAt: iso, hasUnpublishedChanges: false, draftFlow: bot.draftFlow });
    const stored = await row(bot.id);
    expect(stored!.published_flow).toEqual(stored!.draft_flow);

    const changed = { ...answerThenCaptureTemplate(), settings: { maxAiAnswers: 3 } };
    expect((await ann.patch(`/api/chatbots/${bot.id}`, { draftFlow: changed })).json().hasUnpublishedChanges).toBe(
      true,
    );
    // The same flow again, its keys in another order: no change to publish.
    const reordered = Object.fromEntries(Object.entries(answerThenCaptureTemplate()).reverse());
    const back = await ann.patch(`/api/chatbots/${bot.id}`, { draftFlow: reordered });
    expect(back.json().hasUnpublishedChanges).toBe(false);
    expect((await row(bot.id))!.published_flow).toEqual(answerThenCaptureTemplate());
  });

  it('refuses a draft with problems (422), lists them by block, and changes nothing', async () => {
    const bot = await create(ann);
    const draft = { ...answerThenCaptureTemplate(), start: null };
    (draft.groups[1]!.blocks[0] as BlockOf<'ask'>).variable = null;
    await ann.patch(`/api/chatbots/${bot.id}`, { draftFlow: draft });
    const before = await row(bot.id);
    const res = await ann.post(`/api/chatbots/${bot.id}/publish`, {});
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.error).toBe(chatbotMessages.cannotPublish);
    expect(body.problems).toContainEqual({ blockId: null, message: 'Choose the block the conversation starts with.' });
    expect(body.problems).toContainEqual({
      blockId: 'ask-name',
      message: 'The Ask block “Your name” has no variable to store the answer in.',
    });
    expect(await row(bot.id)).toEqual(before);
  });

  it('holds a Capture Lead’s deal to one of the owner’s pipelines and its stages', async () => {
    const bot = await create(ann);
    const own = (await ann.post('/api/pipelines', { name: 'Sales' })).json<{ id: string; stages: string[] }>();
    const bobs = (await bob.post('/api/pipelines', { name: 'Bob sales' })).json<{ id: string }>();
    const cases: [FlowDefinition, string | null][] = [
      [
        withDeal(bobs.id, 'Lead'),
        'The Capture Lead block “Save the lead” adds the deal to a pipeline you do not have.',
      ],
      [
        withDeal(own.id, 'Nowhere'),
        'The Capture Lead block “Save the lead” adds the deal at the stage “Nowhere”, which the pipeline “Sales” does not have.',
      ],
      [withDeal(own.id, own.stages[1]!), null],
    ];
    for (const [draftFlow, problem] of cases) {
      expect((await ann.patch(`/api/chatbots/${bot.id}`, { draftFlow })).statusCode).toBe(200);
      const res = await ann.post(`/api/chatbots/${bot.id}/publish`);
      if (problem === null) {
        expect(res.statusCode, res.body).toBe(200);
        expect((await row(bot.id))!.published_flow).toEqual(draftFlow);
      } else {
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().problems).toEqual([{ blockId: 'capture', message: problem }]);
        expect((await row(bot.id))!.published_flow).toBeNull();
      }
    }
  });

  it('lets a member on "own records" send the deal to the workspace’s pipeline, which every member works in', async () => {
    const team = (await ann.post('/api/pipelines', { name: 'Team sales' })).json<{ id: string; stages: string[] }>();
    const olive = await joined(t.app, ann, 'olive', 'member');
    const visibility = await ann.patch(`/api/workspace/members/${olive.id}`, { visibility: 'own' });
    expect(visibility.statusCode, visibility.body).toBe(200);
    const bot = await create(olive);
    const draftFlow = withDeal(team.id, team.stages[0]!);
    expect((await olive.patch(`/api/chatbots/${bot.id}`, { draftFlow })).statusCode).toBe(200);
    const res = await olive.post(`/api/chatbots/${bot.id}/publish`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await row(bot.id))!.published_flow).toEqual(draftFlow);
  });
});
