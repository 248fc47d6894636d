import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Mail, Plus } from 'lucide-react';
import { emailAccountMessages, type EmailAccount } from '@common/email-accounts';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmModal } from '../../components/confirm-modal';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { emailAccountsQuery, useDeleteEmailAccount } from './api';
import { EmailAccountList } from './email-account-list';
import { EmailAccountModal } from './email-account-modal';

/** The account stays while its modal closes, so the closing modal keeps its content. */
interface Editing {
  open: boolean;
  account: EmailAccount | null;
}

/** /app/settings/email (part 2 §2): the user's email accounts, each with a POP3 and an SMTP server. */
export function EmailSettingsPage() {
  const { data, isPending, isError, refetch } = useQuery(emailAccountsQuery());
  const [editing, setEditing] = useState<Editing>({ open: false, account: null });
  const [deleting, setDeleting] = useState<Editing>({ open: false, account: null });
  const remove = useDeleteEmailAccount();

  useEffect(() => {
    if (isError) toast.error(emailAccountMessages.loadFailed, { id: 'email-accounts-load' });
  }, [isError]);

  const confirmDelete = () => {
    const account = deleting.account;
    if (!account) return;
    remove.mutate(account.id, { onSettled: () => setDeleting((current) => ({ ...current, open: false })) });
  };

  let content;
  if (isPending) {
    content = (
      <Card className="flex justify-center py-16">
        <Spinner label="Loading email accounts" className="size-6 text-indigo-500" />
      </Card>
    );
  } else if (!data) {
    content = (
      <Card>
        <EmptyState
          message={emailAccountMessages.loadFailed}
          action={
            <Button variant="secondary" onClick={() => refetch()}>
              Retry
            </Button>
          }
        />
      </Card>
    );
  } else if (!data.length) {
    content = (
      <Card>
        <EmptyState icon={<Mail aria-hidden="true" className="size-6" />} message={emailAccountMessages.empty} />
      </Card>
    );
  } else {
    content = (
      <EmailAccountList
        accounts={data}
        onEdit={(account) => setEditing({ open: true, account })}
        onDelete={(account) => setDeleting({ open: true, account })}
      />
    );
  }

  return (
    <div className="max-w-3xl">
      <PageTitle
        title="Email Settings"
        description="Each account reads mail from its POP3 server and sends through its SMTP server."
        actions={
          <Button onClick={() => setEditing({ open: true, account: null })}>
            <Plus aria-hidden="true" className="size-4" />
            Add Email Account
          </Button>
        }
      />
      {content}
      <EmailAccountModal
        open={editing.open}
        onOpenChange={(open) => setEditing((current) => ({ ...current, open }))}
        account={editing.account}
      />
      <ConfirmModal
        open={deleting.open}
        onOpenChange={(open) => !remove.isPending && setDeleting((current) => ({ ...current, open }))}
        title="Delete Email Account"
        message={emailAccountMessages.deleteConfirm}
        detail={emailAccountMessages.deleteConfirmDetail}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
