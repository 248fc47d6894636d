import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Trash2 } from 'lucide-react';
import {
  chatbotCreateSchema,
  chatbotMessages,
  MAX_AI_ANSWERS_PER_DAY,
  MAX_CHATBOT_DESCRIPTION,
  MAX_CHATBOT_NAME,
  type ChatbotDetail,
} from '@common/chatbots';
import { Button } from '../../components/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/card';
import { ConfirmModal } from '../../components/confirm-modal';
import { Field, FormAlert, TextareaField } from '../../components/field';
import { reasonOf, useDeleteChatbot, useSetChatbotActive, useUpdateChatbot } from './api';
import { showFieldErrors } from '../../lib/field-errors';
import { LabelledSwitch } from '../../components/labelled-switch';
import { pageMessages } from './messages';
import { useZodForm } from '../../lib/zod-form';

const perDayMessage = `Enter a whole number from 0 to ${MAX_AI_ANSWERS_PER_DAY.toLocaleString('en-US')}`;

/** The settings form: the bot's own fields beside its flow (the server checks the same rules). */
const settingsSchema = chatbotCreateSchema.extend({
  answerOnlyFromKnowledge: z.boolean(),
  maxAiAnswersPerDay: z
    .number({ message: perDayMessage })
    .int(perDayMessage)
    .min(0, perDayMessage)
    .max(MAX_AI_ANSWERS_PER_DAY, perDayMessage),
});
type FormValues = z.input<typeof settingsSchema>;
const fieldNames = ['name', 'description', 'answerOnlyFromKnowledge', 'maxAiAnswersPerDay'] as const;

const toValues = (chatbot: ChatbotDetail): FormValues => ({
  name: chatbot.name,
  description: chatbot.description ?? '',
  answerOnlyFromKnowledge: chatbot.answerOnlyFromKnowledge,
  maxAiAnswersPerDay: chatbot.maxAiAnswersPerDay,
});

/** The bot's name, description and AI limits; turning it on or off; deleting it. Keyed by the bot's id. */
export function SettingsTab({ chatbot }: { chatbot: ChatbotDetail }) {
  const update = useUpdateChatbot(chatbot.id);
  const active = useSetChatbotActive(chatbot.id);
  const remove = useDeleteChatbot(chatbot.id);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const { field, register, handleSubmit, reset, setError, errors, formState } = useZodForm(
    settingsSchema,
    toValues(chatbot),
  );

  const onSubmit = handleSubmit((input) => {
    update.mutate(input, {
      onSuccess: (saved) => {
        toast.success(chatbotMessages.saved);
        reset(toValues(saved));
      },
      onError: (error) => {
        if (!showFieldErrors(error, fieldNames, setError))
          setError('root.server', { message: reasonOf(error, pageMessages.saveFailed) });
      },
    });
  });

  return (
    <div className="max-w-2xl space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Settings</CardTitle>
        </CardHeader>
        <CardBody>
          <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Chatbot settings">
            <FormAlert message={errors.root?.server?.message} />
            <Field label="Name" autoComplete="off" maxLength={MAX_CHATBOT_NAME} {...field('name')} />
            <TextareaField label="Description" maxLength={MAX_CHATBOT_DESCRIPTION} {...field('description')} />
            <div>
              <label className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-indigo-600"
                  aria-describedby="answer-only-hint"
                  {...register('answerOnlyFromKnowledge')}
                />
                <span className="font-medium text-slate-900 dark:text-slate-100">
                  Answer only from the knowledge base
                </span>
              </label>
              <p id="answer-only-hint" className="mt-1 ml-7 text-xs text-slate-600 dark:text-slate-400">
                When the knowledge has nothing on a question, the bot says it does not know and offers the next step,
                instead of letting the model guess.
              </p>
            </div>
            <Field
              label="Most AI answers per day"
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_AI_ANSWERS_PER_DAY}
              step={1}
              className="sm:max-w-xs"
              hint="Across all of this bot’s conversations; each answer is a paid call to your AI provider."
              error={errors.maxAiAnswersPerDay?.message}
              {...register('maxAiAnswersPerDay', { valueAsNumber: true })}
            />
            <div className="flex justify-end">
              <Button type="submit" loading={update.isPending} disabled={!formState.isDirty}>
                Save Settings
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
      <Card>
        <CardBody>
          <LabelledSwitch
            label="Chatbot active"
            hint="When on, visitors can chat with the published flow on your website and its chat page."
            checked={chatbot.isActive}
            disabled={active.isPending}
            onChange={active.set}
          />
        </CardBody>
      </Card>
      <Card className="border-red-200 dark:border-red-500/30">
        <CardBody className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">{pageMessages.deleteTitle}</h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Its knowledge and conversations go with it; contacts, deals and bookings it made stay.
            </p>
          </div>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" className="size-4" />
            {pageMessages.deleteTitle}
          </Button>
        </CardBody>
      </Card>
      <ConfirmModal
        open={confirming}
        onOpenChange={(open) => !remove.isPending && setConfirming(open)}
        title={pageMessages.deleteTitle}
        message={pageMessages.deleteQuestion}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              void navigate('/app/chatbot', { replace: true });
            },
          })
        }
      />
    </div>
  );
}
