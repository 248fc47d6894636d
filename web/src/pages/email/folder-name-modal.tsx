import { useEffect } from 'react';
import { emailFolderInputSchema, type EmailFolderItem } from '@common/email';
import { Field } from '../../components/field';
import { FormModal } from '../../components/form-modal';
import { isApiError } from '../../lib/api';
import { useZodForm } from '../../lib/zod-form';
import { useCreateFolder, useRenameFolder } from './api';

interface FolderNameModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The folder to rename; none to create one. */
  folder: EmailFolderItem | null;
}

/** Names a new custom folder, or renames one; the server's refusal (a name taken) shows under the field. */
export function FolderNameModal({ open, onOpenChange, folder }: FolderNameModalProps) {
  const create = useCreateFolder();
  const rename = useRenameFolder();
  const pending = create.isPending || rename.isPending;
  const { field, handleSubmit, reset, setError } = useZodForm(emailFolderInputSchema, { name: folder?.name ?? '' });

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
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title={folder ? 'Rename Folder' : 'New Folder'}
      size="sm"
      pending={pending}
      submitLabel={folder ? 'Save' : 'Create'}
      onSubmit={onSubmit}
    >
      <Field label="Folder name" autoComplete="off" maxLength={100} {...field('name')} />
    </FormModal>
  );
}
