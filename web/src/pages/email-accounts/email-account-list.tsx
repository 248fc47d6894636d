import { Pencil, Trash2 } from 'lucide-react';
import { emailServerLabels, type EmailAccount } from '@common/email-accounts';
import { emailServerTypes } from '@common/constants';
import { Button } from '../../components/button';
import { Card } from '../../components/card';

interface EmailAccountListProps {
  accounts: EmailAccount[];
  onEdit: (account: EmailAccount) => void;
  onDelete: (account: EmailAccount) => void;
}

/** One row per account: its address, its POP3 and SMTP host:port, and its buttons, named for the account. */
export function EmailAccountList({ accounts, onEdit, onDelete }: EmailAccountListProps) {
  return (
    <Card>
      <ul aria-label="Email accounts" className="divide-y divide-slate-200 dark:divide-slate-800">
        {accounts.map((account) => (
          <li key={account.id} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium break-all text-slate-900 dark:text-slate-100">{account.email}</p>
              <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-sm text-slate-600 dark:text-slate-400">
                {emailServerTypes.map((type) => (
                  <div key={type} className="contents">
                    <dt className="font-medium text-slate-700 dark:text-slate-300">{emailServerLabels[type]}</dt>
                    <dd className="break-all">
                      {account[type].host}:{account[type].port}
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
            <div className="flex shrink-0 gap-2">
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Edit ${account.email}`}
                onClick={() => onEdit(account)}
              >
                <Pencil aria-hidden="true" className="size-4" />
                Edit
              </Button>
              <Button
                variant="secondary"
                size="sm"
                className="text-red-700 dark:text-red-400"
                aria-label={`Delete ${account.email}`}
                onClick={() => onDelete(account)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
