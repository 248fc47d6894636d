import { FolderKanban, Plus } from 'lucide-react';
import { projectMessages } from '@common/projects';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { Spinner } from '../../components/spinner';

export function Loading() {
  return (
    <Card className="flex justify-center py-16">
      <Spinner label="Loading projects" className="size-6 text-indigo-500" />
    </Card>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Card>
      <EmptyState
        message={projectMessages.loadFailed}
        action={
          <Button variant="secondary" onClick={onRetry}>
            Retry
          </Button>
        }
      />
    </Card>
  );
}

/** No projects yet, with the header's create button again where the eye is. */
export function EmptyProjects({ onCreate }: { onCreate: () => void }) {
  return (
    <Card>
      <EmptyState
        icon={<FolderKanban aria-hidden="true" className="size-6" />}
        message={projectMessages.empty}
        action={
          <Button onClick={onCreate}>
            <Plus aria-hidden="true" className="size-4" />
            {projectMessages.create}
          </Button>
        }
      />
    </Card>
  );
}
