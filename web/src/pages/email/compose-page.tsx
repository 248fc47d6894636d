import type { ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Send, Trash2 } from 'lucide-react';
import { composeSchema, emailMessages, type ComposeDraft } from '@common/email';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Field, FieldFrame, inputClasses } from '../../components/field';
import { PageTitle } from '../../components/page-title';
import { cn } from '../../lib/cn';

const emptyDraft: ComposeDraft = { to: '', cc: '', bcc: '', subject: '', content: '' };

/** "New Message" (part 1 §5): checked like a real one, but Send and Discard both only return to the inbox. */
export function ComposePage() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ComposeDraft, unknown, z.output<typeof composeSchema>>({
    resolver: zodResolver(composeSchema),
    defaultValues: emptyDraft,
  });
  const backToInbox = () => void navigate('/app/email');
  // Nothing is sent (decisions.md item 18): a valid draft just returns to the inbox.
  const onSubmit = handleSubmit(backToInbox);

  return (
    <>
      <PageTitle title={emailMessages.newMessage} />
      <Card className="max-w-3xl">
        <form onSubmit={onSubmit} noValidate className="space-y-4 p-5">
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
          <TextareaField label="Message" rows={10} error={errors.content?.message} {...register('content')} />
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={backToInbox}>
              <Trash2 aria-hidden="true" className="size-4" />
              Discard
            </Button>
            <Button type="submit">
              <Send aria-hidden="true" className="size-4" />
              Send
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}

function TextareaField({ label, error, ...rest }: ComponentProps<'textarea'> & { label: string; error?: string }) {
  return (
    <FieldFrame label={label} error={error}>
      {(control) => <textarea {...control} className={cn(inputClasses, 'resize-y')} {...rest} />}
    </FieldFrame>
  );
}
