// The floors of the chat lines: one statement each that reads and writes what the server's turn does.
import { attemptCounters } from './line';

/**
 * A Message/Ask turn's floor: the attempt counted per address and per bot, the conversation with its bot (found by
 * id, bot and token), its new state, and the visitor's line with the bot's two, as one statement.
 */
export const askTurnFloorSql = `with ${attemptCounters('address', 'ask-bot')}, conv as (
    select c.id, c.state, c.updated_at, f.workspace_id, f.user_id, f.is_active, f.published_flow
    from chatbot_conversations c join chatbot_flows f on f.id = c.chatbot_id
    where c.id = $1 and c.chatbot_id = $2 and c.visitor_token_hash = $3
  ), changed as (
    update chatbot_conversations set state = $4::jsonb, updated_at = clock_timestamp()
    where id = (select id from conv) returning updated_at
  ), said as (
    insert into chatbot_messages (conversation_id, workspace_id, user_id, role, text, created_at)
    select conv.id, conv.workspace_id, conv.user_id, l.role, l.text, clock_timestamp() + l.n * interval '1 microsecond'
    from conv, (values (0, 'visitor', $5::text), (1, 'bot', $6::text), (2, 'bot', $7::text)) as l(n, role, text)
    returning role, text, sources, created_at
  )
  select (select updated_at from changed) as version, (select json_agg(said) from said) as said, conv.published_flow
  from conv`;

/**
 * An AI turn's floor: the attempt counted per address and per bot, the conversation with its bot, the last lines
 * (the history sent with the question), the owner's AI configuration, the bot's best passages, the day's answer
 * counted, the new state, and the question with its answer, as one statement; then the provider's streamed answer
 * read over HTTP (the line's `floorAlso`), which a server cannot do without. Its answers count on a day of their own:
 * a row updated tens of thousands of times slows every later update of it until it is vacuumed, and the server's
 * turns count on today's.
 */
export const aiTurnFloorSql = `with ${attemptCounters('address', 'ai-bot')}, conv as (
    select c.id, c.chatbot_id, c.state, c.updated_at, f.workspace_id, f.user_id, f.is_active, f.published_flow,
      f.answer_only_from_knowledge, f.max_ai_answers_per_day
    from chatbot_conversations c join chatbot_flows f on f.id = c.chatbot_id
    where c.id = $1 and c.chatbot_id = $2 and c.visitor_token_hash = $3
  ), history as (
    select role, text from chatbot_messages where conversation_id = $1 order by created_at desc, id desc limit 10
  ), config as (
    select provider, model, api_key_encrypted, base_url from user_ai_config where user_id = (select user_id from conv)
  ), passages as (
    select title, text from chatbot_passages
    where chatbot_id = $2 and workspace_id = (select workspace_id from conv) and search @@ to_tsquery('english', $4)
    order by ts_rank(search, to_tsquery('english', $4)) desc, knowledge_id, position limit 4
  ), counted as (
    insert into chatbot_ai_usage (chatbot_id, day, answers) values ($2, '2100-01-01', 1)
    on conflict (chatbot_id, day) do update set answers = chatbot_ai_usage.answers + 1
      where chatbot_ai_usage.answers < (select max_ai_answers_per_day from conv)
    returning day
  ), changed as (
    update chatbot_conversations set state = $5::jsonb, updated_at = clock_timestamp()
    where id = (select id from conv) returning updated_at
  ), said as (
    insert into chatbot_messages (conversation_id, workspace_id, user_id, role, text, sources, created_at)
    select conv.id, conv.workspace_id, conv.user_id, l.role, l.text, l.sources, clock_timestamp() + l.n * interval '1 microsecond'
    from conv, (values (0, 'visitor', $6::text, '[]'::jsonb), (1, 'bot', $7::text, $8::jsonb))
      as l(n, role, text, sources)
    returning role, text, sources, created_at
  )
  select (select updated_at from changed) as version, (select json_agg(said) from said) as said,
    (select json_agg(history) from history) as history, (select row_to_json(config) from config) as config,
    (select json_agg(passages) from passages) as passages, (select day from counted) as day, conv.published_flow
  from conv`;
