import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { emailFolderInputSchema, type EmailFolderInput, type EmailFolderItem } from '@common/email';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { Modal } from '../../components/modal';
import { isApiError } from '../../lib/api';
import { useCreateFolder, useRenameFolder } from './api';

interface FolderNameModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The folder to rename; none to create one. */
  folder: EmailFolderItem | null;
}

/** Names a new custom folder, or renames one; the server's refusal (a name taken) shows under the field. */
export function FolderNameModal({ open, onOpenChange, folder }: FolderNameModalProps) {
  const formId = useId();
  const create = useCreateFolder();
  const rename = useRenameFolder();
  const pending = create.isPending || rename.isPending;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<EmailFolderInput, unknown, z.output<typeof emailFolderInputSchema>>({
    resolver: zodResolver(emailFolderInputSchema),
    defaultValues: { name: folder?.name ?? '' },
  });

  useEffect(() => {
    if (open) reset({ name: folder?.name ?? '' });
  }, [open, folder, reset]);

  const close = () => onOpenChange(false);
  const showRefusal = (error: Error) =>
    setError('name', { message: isApiError(error) ? (error.fields.name ?? error.error) : 'Failed to save the folder' });

  const onSubmit = handleSubmit(({ name }) => {
    if (folder) rename.mutate({ id: folder.id, name }, { onSuccess: close, onError: showRefusal });
    else create.mutate(name, { onSuccess: close, onError: showRefusal });
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={folder ? 'Rename Folder' : 'New Folder'}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {folder ? 'Save' : 'Create'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <Field
          label="Folder name"
          autoComplete="off"
          maxLength={100}
          error={errors.name?.message}
          {...register('name')}
        />
      </form>
    </Modal>
  );
}
