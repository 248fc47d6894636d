import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ArrowLeft, Download, Inbox } from 'lucide-react';
import { pathOf } from '@common/api-url';
import { formMessages, type Form } from '@common/forms';
import { formsApi } from '@common/forms-api';
import { Button, buttonClasses } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { isApiError } from '../../lib/api';
import { useCursorPages } from '../../lib/paging';
import { formQuery, SUBMISSIONS_PAGE_SIZE, submissionsPageQuery } from './api';
import { SubmissionsTable } from './submissions-table';

const backLink = (
  <Link
    to="/app/forms"
    className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-600 hover:text-indigo-700 dark:text-slate-400 dark:hover:text-indigo-300"
  >
    <ArrowLeft aria-hidden="true" className="size-4" />
    Back to Forms
  </Link>
);

function Loading({ label }: { label: string }) {
  return (
    <Card className="flex justify-center py-16">
      <Spinner label={label} className="size-6 text-indigo-500" />
    </Card>
  );
}

/** A form's submissions, newest first, a page at a time: one column per field, and the CSV of them all. */
export function SubmissionsPage() {
  const { id = '' } = useParams();
  const form = useQuery(formQuery(id));

  useEffect(() => {
    if (form.isError && !isApiError(form.error, 404)) toast.error(formMessages.loadFailed, { id: 'form-load' });
  }, [form.isError, form.error]);

  if (form.isPending) {
    return (
      <>
        {backLink}
        <Loading label="Loading form" />
      </>
    );
  }
  if (!form.data) {
    const missing = isApiError(form.error, 404);
    return (
      <>
        {backLink}
        <PageTitle title="Submissions" />
        <Card>
          <EmptyState
            message={missing ? formMessages.formNotFound : formMessages.loadFailed}
            action={
              missing ? undefined : (
                <Button variant="secondary" onClick={() => form.refetch()}>
                  Retry
                </Button>
              )
            }
          />
        </Card>
      </>
    );
  }
  return <FormSubmissions form={form.data} />;
}

function FormSubmissions({ form }: { form: Form }) {
  const pages = useCursorPages();
  // ?submission=<id> (a notification's link): that row is marked and scrolled to.
  const [params] = useSearchParams();
  const highlighted = params.get('submission');
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery({
    ...submissionsPageQuery(form.id, pages.cursor),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (isError) toast.error(formMessages.submissionsLoadFailed, { id: 'submissions-load' });
  }, [isError]);

  let content;
  if (isPending) content = <Loading label="Loading submissions" />;
  else if (!data)
    content = (
      <Card>
        <EmptyState
          message={formMessages.submissionsLoadFailed}
          action={
            <Button variant="secondary" onClick={() => refetch()}>
              Retry
            </Button>
          }
        />
      </Card>
    );
  else if (data.items.length === 0)
    content = (
      <Card>
        <EmptyState icon={<Inbox aria-hidden="true" className="size-6" />} message={formMessages.noSubmissions} />
      </Card>
    );
  else
    content = (
      <Card className="overflow-hidden">
        <SubmissionsTable form={form} submissions={data.items} highlighted={highlighted} />
        <Pagination
          pageIndex={pages.pageIndex}
          pageSize={SUBMISSIONS_PAGE_SIZE}
          shown={data.items.length}
          hasNext={data.nextCursor !== null && !isPlaceholderData}
          onFirst={pages.first}
          onPrevious={pages.previous}
          onNext={() => data.nextCursor && pages.next(data.nextCursor)}
        />
      </Card>
    );

  return (
    <>
      {backLink}
      <PageTitle
        title={form.name}
        description="Submissions, newest first."
        actions={
          <a href={pathOf(formsApi.submissionsCsv, { id: form.id })} download className={buttonClasses('secondary')}>
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </a>
        }
      />
      {content}
    </>
  );
}
