import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { schedulingMessages } from '@common/scheduling';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { schedulingSettingsQuery } from './api';
import { EmbedCodeCard } from './embed-code-card';
import { GeneralSettingsCard } from './general-settings-card';
import { WidgetPreviewCard } from './widget-preview-card';

/** /app/settings/scheduling (part 1 §2): loading, then loaded or failed; Retry reloads (part 1 §4). */
export function SchedulingSettingsPage() {
  const { data, isPending, isError, refetch, isRefetching } = useQuery(schedulingSettingsQuery());

  useEffect(() => {
    if (isError) toast.error(schedulingMessages.loadFailed, { id: 'scheduling-settings-load' });
  }, [isError]);

  let content;
  if (isPending) {
    content = (
      <Card className="flex justify-center py-16">
        <Spinner label="Loading settings" className="size-6 text-indigo-500" />
      </Card>
    );
  } else if (!data) {
    content = (
      <Card>
        <EmptyState
          message={schedulingMessages.loadFailed}
          action={
            <Button variant="secondary" loading={isRefetching} onClick={() => refetch()}>
              Retry
            </Button>
          }
        />
      </Card>
    );
  } else {
    content = (
      <div className="space-y-6">
        <GeneralSettingsCard settings={data} />
        <WidgetPreviewCard />
        <EmbedCodeCard embedCode={data.embedCode} />
      </div>
    );
  }

  return (
    <div className="max-w-3xl">
      <PageTitle title="Scheduling Settings" />
      {content}
    </div>
  );
}
