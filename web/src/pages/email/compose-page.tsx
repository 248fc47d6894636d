import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { FileText, MailPlus, Send, Trash2, X } from 'lucide-react';
import { composeSchema, emailMessages, type ComposeDraft, type EmailDetail } from '@common/email';
import type { EmailAccount } from '@common/email-accounts';
import { Button, buttonClasses } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { Field, FormAlert, TextareaField } from '../../components/field';
import { PageTitle } from '../../components/page-title';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { isApiError } from '../../lib/api';
import { emailAccountsQuery } from '../email-accounts/api';
import { emailDetailQuery, useSendEmail } from './api';
import { fileSize, fullTime } from './format';
import { isReplyMode, replyDraft, type ReplyMode } from './reply-draft';

const emptyDraft: ComposeDraft = { to: '', cc: '', bcc: '', subject: '', content: '' };
const draftFields = ['to', 'cc', 'bcc', 'subject', 'content'] as const;
type DraftField = (typeof draftFields)[number];

function Loading() {
  return (
    <Card className="flex max-w-3xl justify-center py-16">
      <Spinner label="Loading" className="size-6 text-indigo-500" />
    </Card>
  );
}

/**
 * "New Message" (part 1 §5), sent through the account's SMTP server. `?mode=reply|replyAll|forward&message=<id>`
 * fills it in from a stored message. Without an account there is nothing to send from: a way to add one instead.
 */
export function ComposePage() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const originalId = isReplyMode(mode) ? params.get('message') : null;
  // Read again on every visit: an account added elsewhere is one to send from.
  const accounts = useQuery({ ...emailAccountsQuery(), staleTime: 0 });
  const original = useQuery({ ...emailDetailQuery(originalId ?? ''), enabled: originalId !== null });

  let content;
  if (accounts.isPending || (originalId !== null && original.isPending)) {
    content = <Loading />;
  } else if (!accounts.data) {
    content = (
      <Card className="max-w-3xl">
        <EmptyState
          message="Failed to load email accounts"
          action={
            <Button variant="secondary" onClick={() => accounts.refetch()}>
              Retry
            </Button>
          }
        />
      </Card>
    );
  } else if (accounts.data.length === 0) {
    content = (
      <Card className="max-w-3xl">
        <EmptyState
          icon={<MailPlus aria-hidden="true" className="size-6" />}
          message="Add an email account first: messages are sent through its SMTP server."
          action={
            <Link to="/app/settings/email" className={buttonClasses('secondary')}>
              Go to Email Settings
            </Link>
          }
        />
      </Card>
    );
  } else {
    // A reply to a message that could not be read starts empty rather than not at all.
    const answered = isReplyMode(mode) && original.data ? { mode, message: original.data } : null;
    content = <ComposeForm accounts={accounts.data} answered={answered} />;
  }

  return (
    <>
      <PageTitle title={emailMessages.newMessage} />
      {content}
    </>
  );
}

interface ComposeFormProps {
  accounts: EmailAccount[];
  answered: { mode: ReplyMode; message: EmailDetail } | null;
}

function ComposeForm({ accounts, answered }: ComposeFormProps) {
  const navigate = useNavigate();
  const send = useSendEmail();
  // A reply goes out from the account the message came to, when it is still there.
  const [accountId, setAccountId] = useState(
    () => accounts.find((account) => account.id === answered?.message.accountId)?.id ?? accounts[0]!.id,
  );
  const [refusal, setRefusal] = useState<string | null>(null);
  // A forward carries the original's attachments; the user may leave some out.
  const [attachments, setAttachments] = useState(() =>
    answered?.mode === 'forward' ? answered.message.attachments : [],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ComposeDraft, unknown, z.output<typeof composeSchema>>({
    resolver: zodResolver(composeSchema),
    defaultValues: answered
      ? replyDraft(
          answered.mode,
          answered.message,
          accounts.map((account) => account.email),
          fullTime(answered.message.sentAt ?? answered.message.timestamp),
        )
      : emptyDraft,
  });
  const backToInbox = () => void navigate('/app/email');

  // The draft stays as typed whatever the server says: its field messages under the fields, its reason above.
  const showRefusal = (error: Error) => {
    if (!isApiError(error)) {
      setRefusal('Failed to send the email');
      return;
    }
    const fieldEntries = Object.entries(error.fields).filter((entry): entry is [DraftField, string] =>
      (draftFields as readonly string[]).includes(entry[0]),
    );
    for (const [field, message] of fieldEntries) setError(field, { message });
    if (fieldEntries.length === 0) setRefusal(error.error);
  };

  const onSubmit = handleSubmit((draft) => {
    setRefusal(null);
    const inReplyTo = answered && answered.mode !== 'forward' ? answered.message.id : undefined;
    send.mutate(
      {
        ...draft,
        accountId,
        ...(inReplyTo ? { inReplyTo } : {}),
        attachmentIds: attachments.map((file) => file.id),
      },
      {
        onSuccess: () => {
          toast.success('Email sent');
          backToInbox();
        },
        onError: showRefusal,
      },
    );
  });

  return (
    <Card className="max-w-3xl">
      <form onSubmit={onSubmit} noValidate className="space-y-4 p-5">
        <FormAlert message={refusal} />
        {accounts.length > 1 && (
          <SelectField label="From" value={accountId} onChange={(event) => setAccountId(event.target.value)}>
            {accounts.map((account) => (
              <option key={account.id} value={account.id}>
                {account.email}
              </option>
            ))}
          </SelectField>
        )}
        <Field label="To" type="email" autoComplete="email" error={errors.to?.message} {...register('to')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Cc" type="email" multiple autoComplete="off" error={errors.cc?.message} {...register('cc')} />
          <Field
            label="Bcc"
            type="email"
            multiple
            autoComplete="off"
            error={errors.bcc?.message}
            {...register('bcc')}
          />
        </div>
        <Field label="Subject" autoComplete="off" error={errors.subject?.message} {...register('subject')} />
        <TextareaField label="Message" rows={12} error={errors.content?.message} {...register('content')} />
        <ForwardedAttachments
          files={attachments}
          onRemove={(id) => setAttachments((files) => files.filter((file) => file.id !== id))}
          disabled={send.isPending}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={backToInbox} disabled={send.isPending}>
            <Trash2 aria-hidden="true" className="size-4" />
            Discard
          </Button>
          <Button type="submit" loading={send.isPending}>
            <Send aria-hidden="true" className="size-4" />
            Send
          </Button>
        </div>
      </form>
    </Card>
  );
}

interface ForwardedAttachmentsProps {
  files: EmailDetail['attachments'];
  onRemove: (id: string) => void;
  disabled: boolean;
}

function ForwardedAttachments({ files, onRemove, disabled }: ForwardedAttachmentsProps) {
  if (files.length === 0) return null;
  return (
    <section aria-labelledby="compose-attachments">
      <h2 id="compose-attachments" className="text-sm font-medium text-slate-700 dark:text-slate-300">
        Attachments
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {files.map((file) => (
          <li
            key={file.id}
            className="flex min-w-0 items-center gap-2 rounded-lg border border-slate-200 py-1 pr-1 pl-3 dark:border-slate-700"
          >
            <FileText aria-hidden="true" className="size-4 shrink-0 text-indigo-500" />
            <span className="min-w-0 truncate text-sm text-slate-900 dark:text-white">{file.name}</span>
            <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">{fileSize(file.size)}</span>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Remove ${file.name}`}
              onClick={() => onRemove(file.id)}
              disabled={disabled}
            >
              <X aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
