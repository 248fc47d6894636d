import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { aiMessages } from '@common/ai-config';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { AiConfigForm } from './ai-config-form';
import { aiConfigQuery } from './api';

/** /app/settings/ai (part 2 §2): the AI provider, model and key. */
export function AiConfigPage() {
  const { data, isPending, isError, refetch, isRefetching } = useQuery(aiConfigQuery());

  useEffect(() => {
    if (isError) toast.error(aiMessages.loadFailed, { id: 'ai-config-load' });
  }, [isError]);

  let content;
  if (isPending) {
    content = (
      <Card className="flex justify-center py-16">
        <Spinner label="Loading AI configuration" className="size-6 text-indigo-500" />
      </Card>
    );
  } else if (!data) {
    content = (
      <Card>
        <EmptyState
          message={aiMessages.loadFailed}
          action={
            <Button variant="secondary" loading={isRefetching} onClick={() => refetch()}>
              Retry
            </Button>
          }
        />
      </Card>
    );
  } else {
    content = <AiConfigForm config={data} />;
  }

  return (
    <div className="max-w-3xl">
      <PageTitle title="AI Configuration" description="Choose the AI provider and model, and enter its API key." />
      {content}
    </div>
  );
}
