import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { chatbotCreateSchema, chatbotMessages, MAX_CHATBOT_DESCRIPTION, MAX_CHATBOT_NAME } from '@common/chatbots';
import { Field, FormAlert, TextareaField } from '../../components/field';
import { FormModal } from '../../components/form-modal';
import { useZodForm } from '../../lib/zod-form';
import { reasonOf, useCreateChatbot } from './api';
import { showFieldErrors } from '../../lib/field-errors';
import { pageMessages } from './messages';

const fieldNames = ['name', 'description'] as const;

interface CreateChatbotModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Create Chatbot': a name and a description; the bot starts from the template and opens on its page. */
export function CreateChatbotModal({ open, onOpenChange }: CreateChatbotModalProps) {
  const create = useCreateChatbot();
  const navigate = useNavigate();
  const { field, errors, handleSubmit, reset, setError } = useZodForm(chatbotCreateSchema, {
    name: '',
    description: '',
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
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title={chatbotMessages.create}
      description='It starts from the template "Answer questions, then capture the lead", ready to change.'
      pending={create.isPending}
      submitLabel="Create"
      onSubmit={onSubmit}
      formClassName="space-y-4"
    >
      <FormAlert message={errors.root?.server?.message} />
      <Field
        label="Name"
        autoComplete="off"
        maxLength={MAX_CHATBOT_NAME}

        {...field('name')}
      />
      <TextareaField
        label="Description"
        maxLength={MAX_CHATBOT_DESCRIPTION}

        {...field('description')}
      />
    </FormModal>
  );
}
