import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { chatbotCreateSchema, chatbotMessages, MAX_CHATBOT_DESCRIPTION, MAX_CHATBOT_NAME } from '@common/chatbots';
import { Button } from '../../components/button';
import { Field, FormAlert, TextareaField } from '../../components/field';
import { Modal } from '../../components/modal';
import { reasonOf, useCreateChatbot } from './api';
import { showFieldErrors } from './form-errors';
import { pageMessages } from './messages';

type FormValues = z.input<typeof chatbotCreateSchema>;
const fieldNames = ['name', 'description'] as const;

interface CreateChatbotModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Create Chatbot': a name and a description; the bot starts from the template and opens on its page. */
export function CreateChatbotModal({ open, onOpenChange }: CreateChatbotModalProps) {
  const create = useCreateChatbot();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof chatbotCreateSchema>>({
    resolver: zodResolver(chatbotCreateSchema),
    defaultValues: { name: '', description: '' },
  });

  useEffect(() => {
    if (open) reset({ name: '', description: '' });
  }, [open, reset]);

  const onSubmit = handleSubmit((input) => {
    create.mutate(input, {
      onSuccess: (chatbot) => {
        onOpenChange(false);
        void navigate(`/app/chatbot/${encodeURIComponent(chatbot.id)}`);
      },
      onError: (error) => {
        if (!showFieldErrors(error, fieldNames, setError))
          setError('root.server', { message: reasonOf(error, pageMessages.saveFailed) });
      },
    });
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !create.isPending && onOpenChange(next)}
      title={chatbotMessages.create}
      description='It starts from the template "Answer questions, then capture the lead", ready to change.'
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="create-chatbot-form" loading={create.isPending}>
            Create
          </Button>
        </>
      }
    >
      <form id="create-chatbot-form" onSubmit={onSubmit} noValidate className="space-y-4">
        <FormAlert message={errors.root?.server?.message} />
        <Field
          label="Name"
          autoComplete="off"
          maxLength={MAX_CHATBOT_NAME}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextareaField
          label="Description"
          maxLength={MAX_CHATBOT_DESCRIPTION}
          error={errors.description?.message}
          {...register('description')}
        />
      </form>
    </Modal>
  );
}
