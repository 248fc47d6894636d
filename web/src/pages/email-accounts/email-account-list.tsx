import { emailAccountServerKeys, emailServerLabels, type EmailAccount } from '@common/email-accounts';
import { Card } from '../../components/card';
import { EditDeleteButtons } from '../../components/edit-delete-buttons';

interface EmailAccountListProps {
  accounts: EmailAccount[];
  onEdit: (account: EmailAccount) => void;
  onDelete: (account: EmailAccount) => void;
}

/**
 * One row per account: its address, its incoming (POP3 or IMAP) and SMTP host:port, why its last check failed if
 * it did, and its buttons, named for the account.
 */
export function EmailAccountList({ accounts, onEdit, onDelete }: EmailAccountListProps) {
  return (
    <Card>
      <ul aria-label="Email accounts" className="divide-y divide-slate-200 dark:divide-slate-800">
        {accounts.map((account) => (
          <li key={account.id} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium break-all text-slate-900 dark:text-slate-100">{account.email}</p>
              <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-sm text-slate-600 dark:text-slate-400">
                {emailAccountServerKeys.map((key) => (
                  <div key={key} className="contents">
                    <dt className="font-medium text-slate-700 dark:text-slate-300">
                      {emailServerLabels[key === 'pop3' ? account.incomingType : key]}
                    </dt>
                    <dd className="break-all">
                      {account[key].host}:{account[key].port}
                    </dd>
                  </div>
                ))}
              </dl>
              {account.lastCheckError && (
                <p className="mt-1 text-sm text-red-700 dark:text-red-400">
                  Last check failed: {account.lastCheckError}
                </p>
              )}
            </div>
            <EditDeleteButtons
              name={account.email}
              onEdit={() => onEdit(account)}
              onDelete={() => onDelete(account)}
              deleteClassName="text-red-700 dark:text-red-400"
            />
          </li>
        ))}
      </ul>
    </Card>
  );
}
