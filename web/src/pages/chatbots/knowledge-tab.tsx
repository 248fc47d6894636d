import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { BookOpen, Plus } from 'lucide-react';
import type { ChatbotDetail, KnowledgeEntry } from '@common/chatbots';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EditDeleteButtons } from '../../components/edit-delete-buttons';
import { PagedList } from '../../components/paged-list';
import { ConfirmModal } from '../../components/confirm-modal';
import { EmptyState } from '../../components/empty-state';
import { formatDate } from '../../lib/format';
import { knowledgeQuery, useDeleteKnowledge } from './api';
import { KnowledgeFormModal, kindLabels } from './knowledge-form-modal';
import { knowledgeMessages } from './messages';

/** The modal keeps its entry while it closes, so its title does not flip during the animation. */
interface Editing {
  open: boolean;
  entry: KnowledgeEntry | null;
}

/** What the bot answers from: questions with their answers and pasted documents, newest first. */
export function KnowledgeTab({ chatbot }: { chatbot: ChatbotDetail }) {
  const [editing, setEditing] = useState<Editing>({ open: false, entry: null });
  const [deleting, setDeleting] = useState<KnowledgeEntry | null>(null);
  const remove = useDeleteKnowledge(chatbot.id);
  const add = () => setEditing({ open: true, entry: null });

  return (
    <section aria-labelledby="knowledge-heading">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 id="knowledge-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            {knowledgeMessages.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {chatbot.answerOnlyFromKnowledge
              ? 'The bot’s AI answers come from these entries only.'
              : 'The bot’s AI answers come from these entries first, then from the model’s own knowledge.'}
          </p>
        </div>
        <Button onClick={add}>
          <Plus aria-hidden="true" className="size-4" />
          {knowledgeMessages.add}
        </Button>
      </div>
      <KnowledgeList
        chatbotId={chatbot.id}
        onAdd={add}
        onEdit={(entry) => setEditing({ open: true, entry })}
        onDelete={setDeleting}
      />
      <KnowledgeFormModal
        chatbotId={chatbot.id}
        open={editing.open}
        onOpenChange={(open) => setEditing((current) => ({ ...current, open }))}
        entry={editing.entry}
      />
      <ConfirmModal
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title={knowledgeMessages.deleteTitle}
        message={knowledgeMessages.deleteQuestion}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </section>
  );
}

interface KnowledgeListProps {
  chatbotId: string;
  onAdd: () => void;
  onEdit: (entry: KnowledgeEntry) => void;
  onDelete: (entry: KnowledgeEntry) => void;
}

function KnowledgeList({ chatbotId, onAdd, onEdit, onDelete }: KnowledgeListProps) {
  return (
    <PagedList
      query={useInfiniteQuery(knowledgeQuery(chatbotId))}
      loadingLabel="Loading knowledge"
      loadFailed={knowledgeMessages.loadFailed}
      toastId="knowledge-load"
      empty={
        <EmptyState
          icon={<BookOpen aria-hidden="true" className="size-6" />}
          message={knowledgeMessages.empty}
          action={
            <Button variant="secondary" onClick={onAdd}>
              <Plus aria-hidden="true" className="size-4" />
              {knowledgeMessages.add}
            </Button>
          }
        />
      }
    >
      {(entries) => (
        <ul aria-label="Knowledge entries" className="space-y-3">
          {entries.map((entry) => (
            <li key={entry.id}>
              <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant={entry.kind === 'qa' ? 'primary' : 'secondary'}>{kindLabels[entry.kind].name}</Badge>
                    <h3 className="text-sm font-semibold wrap-anywhere text-slate-900 dark:text-white">
                      {entry.title}
                    </h3>
                  </div>
                  <p className="mt-2 line-clamp-3 text-sm whitespace-pre-line wrap-anywhere text-slate-600 dark:text-slate-400">
                    {entry.body}
                  </p>
                  <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
                    {entry.passages} {entry.passages === 1 ? 'passage' : 'passages'} · updated{' '}
                    <time dateTime={entry.updatedAt}>{formatDate(entry.updatedAt, 'en-US')}</time>
                  </p>
                </div>
                <EditDeleteButtons name={entry.title} onEdit={() => onEdit(entry)} onDelete={() => onDelete(entry)} />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
