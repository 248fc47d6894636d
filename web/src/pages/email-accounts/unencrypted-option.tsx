import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { TriangleAlert } from 'lucide-react';
import { emailAccountMessages } from '@common/email-accounts';
import type { EmailAccountFormValues } from './api';

/**
 * "Allow an unencrypted connection", off by default, with its warning beside it: without it every auth method
 * needs SSL/TLS or STARTTLS, and a server that does not offer STARTTLS is refused.
 */
export function UnencryptedOption({ register }: { register: UseFormRegister<EmailAccountFormValues> }) {
  const warningId = useId();
  return (
    <div className="space-y-1.5">
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
        <input
          type="checkbox"
          aria-describedby={warningId}
          className="size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-600"
          {...register('allowUnencrypted')}
        />
        {emailAccountMessages.allowUnencrypted}
      </label>
      <p id={warningId} className="flex gap-1.5 pl-6 text-sm text-amber-800 dark:text-amber-300">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {emailAccountMessages.allowUnencryptedWarning}
      </p>
    </div>
  );
}
