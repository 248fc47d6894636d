import { Construction } from 'lucide-react';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';

/** Stands in for an area that is not built yet; the route exists so links and aliases work. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageTitle title={title} />
      <Card>
        <EmptyState
          icon={<Construction aria-hidden="true" className="size-6" />}
          message="This area is being built. Check back soon."
        />
      </Card>
    </>
  );
}
