import { Construction } from 'lucide-react';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { useDocumentTitle } from '../../lib/use-document-title';

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

/** The public page of a form (/forms/:id), outside the app shell. */
export function PublicFormPlaceholder() {
  useDocumentTitle('Form');
  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col justify-center px-4 py-10">
      <h1 className="text-2xl font-bold">Form</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">This form is not available yet.</p>
    </main>
  );
}
