import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ClipboardList } from 'lucide-react';
import { formMessages, type Form } from '@common/forms';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmModal } from '../../components/confirm-modal';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { useCursorPages } from '../../lib/paging';
import { useParamOnce } from '../../lib/use-param-once';
import { copyEmbedCode, FORMS_PAGE_SIZE, formQuery, formsPageQuery, useDeleteForm } from './api';
import { FormBuilderModal } from './form-builder-modal';
import { FormCard } from './form-card';

/** The builder keeps its form while it closes, so its title does not flip during the animation. */
interface Editing {
  open: boolean;
  form: Form | null;
}

/** ?form=<id> (a search hit) opens that form in the builder once it has loaded. */
function useOpenLinkedForm(onOpen: (form: Form) => void) {
  const [linkedId, setLinkedId] = useState<string | null>(null);
  useParamOnce('form', setLinkedId);
  const linked = useQuery({ ...formQuery(linkedId ?? ''), enabled: linkedId !== null });
  if (linkedId !== null && linked.data) {
    setLinkedId(null);
    onOpen(linked.data);
  }
  const failed = linkedId !== null && linked.isError;
  // Another user's or a deleted one: a toast, and the page as it was.
  useEffect(() => {
    if (failed) toast.error(formMessages.loadFailed, { id: 'form-load' });
  }, [failed]);
}

/** The user's lead-capture forms, newest first, a page at a time; create and edit in the builder. */
export function FormsPage() {
  const pages = useCursorPages();
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery({
    ...formsPageQuery(pages.cursor),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<Editing>({ open: false, form: null });
  const [deleting, setDeleting] = useState<Form | null>(null);
  const remove = useDeleteForm();
  useOpenLinkedForm((form) => setEditing({ open: true, form }));

  useEffect(() => {
    if (isError) toast.error(formMessages.loadFailed, { id: 'forms-load' });
  }, [isError]);

  // Deleting the last form of a later page would leave an empty page: step back.
  const { pageIndex, previous } = pages;
  useEffect(() => {
    if (data && data.items.length === 0 && pageIndex > 0) previous();
  }, [data, pageIndex, previous]);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
  };

  let content;
  if (isPending) {
    content = (
      <Card className="flex justify-center py-16">
        <Spinner label="Loading forms" className="size-6 text-indigo-500" />
      </Card>
    );
  } else if (!data) {
    content = (
      <Card>
        <EmptyState
          message={formMessages.loadFailed}
          action={
            <Button variant="secondary" onClick={() => refetch()}>
              Retry
            </Button>
          }
        />
      </Card>
    );
  } else if (data.items.length === 0) {
    content = (
      <Card>
        <EmptyState icon={<ClipboardList aria-hidden="true" className="size-6" />} message={formMessages.empty} />
      </Card>
    );
  } else {
    const paged = pageIndex > 0 || data.nextCursor !== null;
    content = (
      <>
        <ul aria-label="Forms" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {data.items.map((form) => (
            <FormCard
              key={form.id}
              form={form}
              onEdit={(chosen) => setEditing({ open: true, form: chosen })}
              onCopyEmbed={(chosen) => void copyEmbedCode(chosen.embedCode)}
              onDelete={setDeleting}
            />
          ))}
        </ul>
        {paged && (
          <Card className="mt-4 overflow-hidden">
            <Pagination
              pageIndex={pageIndex}
              pageSize={FORMS_PAGE_SIZE}
              shown={data.items.length}
              hasNext={data.nextCursor !== null && !isPlaceholderData}
              onFirst={pages.first}
              onPrevious={previous}
              onNext={() => data.nextCursor && pages.next(data.nextCursor)}
            />
          </Card>
        )}
      </>
    );
  }

  return (
    <>
      <PageTitle
        title={formMessages.title}
        actions={<Button onClick={() => setEditing({ open: true, form: null })}>{formMessages.create}</Button>}
      />
      {content}
      <FormBuilderModal
        open={editing.open}
        onOpenChange={(next) => setEditing((current) => ({ ...current, open: next }))}
        form={editing.form}
      />
      <ConfirmModal
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title="Delete Form"
        message={formMessages.deleteConfirm}
        detail={formMessages.deleteWarning}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
