import { useEffect } from 'react';
import type { z } from 'zod';
import { workspaceRenameSchema } from '@common/workspaces';
import { Field, FormAlert } from '../../components/field';
import { FormModal } from '../../components/form-modal';
import { showFieldErrors } from '../../lib/field-errors';
import { useZodForm } from '../../lib/zod-form';
import { refusalOf, useRenameWorkspace } from './api';

type FormValues = z.input<typeof workspaceRenameSchema>;

interface RenameModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
}

/** Renames the current workspace (an Owner or Admin). */
export function RenameModal({ open, onOpenChange, name }: RenameModalProps) {
  const rename = useRenameWorkspace();
  const { field, errors, handleSubmit, reset, setError } = useZodForm(workspaceRenameSchema, { name });

  useEffect(() => {
    if (open) reset({ name });
  }, [open, name, reset]);

  const onSubmit = handleSubmit((input) => {
    rename.mutate(input.name, {
      onSuccess: () => onOpenChange(false),
      onError: (error) => {
        if (!showFieldErrors(error, ['name'] as (keyof FormValues)[], setError))
          setError('root.server', { message: refusalOf(error) });
      },
    });
  });

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title="Rename workspace"
      pending={rename.isPending}
      submitLabel="Save"
      onSubmit={onSubmit}
      formClassName="space-y-4"
    >
      <FormAlert message={errors.root?.server?.message} />
      <Field label="Workspace name" autoComplete="off" {...field('name')} />
    </FormModal>
  );
}
