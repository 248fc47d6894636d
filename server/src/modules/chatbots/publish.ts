import { sql } from 'drizzle-orm';
import { allBlocks, flowDefinitionSchema, type BlockOf, type FlowDefinition } from '@common/chatbot-flow';
import { blockTitle, validateFlowForPublish, type PublishProblem } from '@common/chatbot-publish';
import type { ChatbotDetail } from '@common/chatbots';
import type { Db, Tx } from '../../db/client';
import { visibleSql, type Member } from '../../db/member-scope';
import { selectRows } from '../../db/select-rows';
import { pipelineVisibleTo } from '../pipelines/service';
import { chatbotNotFound, getChatbot } from './service';
import { readJson } from './sql';

// Publishing a bot's draft: what visitors run from then on (issue "AI chatbot").

export type PublishResult = { published: ChatbotDetail } | { problems: PublishProblem[] };

/**
 * Copies the draft to the published version when it passes validateFlowForPublish and the checks only the
 * database can make; else the problems, and nothing changes. The bot's row is locked from the read to the copy, so
 * what is published is what was checked.
 */
export async function publishChatbot(db: Db, member: Member, id: string): Promise<PublishResult> {
  return db.transaction(async (tx) => {
    const [row] = await selectRows<{ draft_flow: unknown }>(
      tx,
      sql`select draft_flow from chatbot_flows where id = ${id} and ${visibleSql(member)} for update`,
    );
    if (!row) throw chatbotNotFound();
    const parsed = flowDefinitionSchema.safeParse(readJson(row.draft_flow));
    // Only a row written some other way than through the API holds a draft the schema refuses.
    if (!parsed.success)
      return { problems: [{ blockId: null, message: 'The draft is not a flow this version reads.' }] };
    const problems = [...validateFlowForPublish(parsed.data), ...(await dealProblems(tx, member, parsed.data))];
    if (problems.length) return { problems };
    await tx.execute(
      sql`update chatbot_flows set published_flow = draft_flow, published_at = now(), updated_at = now()
        where id = ${id} and ${visibleSql(member)}`,
    );
    return { published: await getChatbot(tx, member, id) };
  });
}

/**
 * A Capture Lead's deal goes to a pipeline the member sees (any of the workspace's, whatever their record
 * visibility, as a deal of their own does), at one of that pipeline's stages.
 */
async function dealProblems(tx: Tx, member: Member, flow: FlowDefinition): Promise<PublishProblem[]> {
  const capturing = allBlocks(flow).filter(
    (block): block is BlockOf<'captureLead'> & { deal: NonNullable<BlockOf<'captureLead'>['deal']> } =>
      block.type === 'captureLead' && block.deal !== null,
  );
  if (!capturing.length) return [];
  const ids = [...new Set(capturing.map((block) => block.deal.pipelineId))];
  const pipelines = await selectRows<{ id: string; name: string; stages: unknown }>(
    tx,
    sql`select id, name, to_jsonb(stages) as stages from pipelines
      where ${pipelineVisibleTo(member)} and id in (${sql.join(
        ids.map((pipelineId) => sql`${pipelineId}::uuid`),
        sql`, `,
      )})`,
  );
  const byId = new Map(pipelines.map((pipeline) => [pipeline.id, pipeline]));
  return capturing.flatMap((block): PublishProblem[] => {
    const pipeline = byId.get(block.deal.pipelineId);
    if (!pipeline)
      return [{ blockId: block.id, message: `${blockTitle(block)} adds the deal to a pipeline you do not have.` }];
    if (!readStages(pipeline.stages).includes(block.deal.stage))
      return [
        {
          blockId: block.id,
          message: `${blockTitle(block)} adds the deal at the stage “${block.deal.stage}”, which the pipeline “${pipeline.name}” does not have.`,
        },
      ];
    return [];
  });
}

function readStages(value: unknown): string[] {
  const stages = readJson(value);
  return Array.isArray(stages) ? stages.map(String) : [];
}
