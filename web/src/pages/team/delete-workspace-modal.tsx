import { useId, useState } from 'react';
import { teamMessages, type Workspace } from '@common/workspaces';
import { Button } from '../../components/button';
import { Field, FormAlert } from '../../components/field';
import { Modal } from '../../components/modal';
import { isApiError } from '../../lib/api';
import { refusalOf, useDeleteWorkspace } from './api';

interface DeleteWorkspaceModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  workspace: Workspace;
}

/**
 * Asks the Owner to type the workspace's name before it is deleted: the destructive button works only once the name
 * is typed exactly, as the server checks it again.
 */
export function DeleteWorkspaceModal({ open, onOpenChange, workspace }: DeleteWorkspaceModalProps) {
  const formId = useId();
  const [typed, setTyped] = useState('');
  const remove = useDeleteWorkspace();
  const matches = typed === workspace.name;
  const refusal = remove.error;
  const fieldError = isApiError(refusal) ? refusal.fields.name : undefined;

  const changeOpen = (next: boolean) => {
    if (remove.isPending) return;
    if (!next) {
      setTyped('');
      remove.reset();
    }
    onOpenChange(next);
  };

  return (
    <Modal
      open={open}
      onOpenChange={changeOpen}
      title={teamMessages.deleteWorkspace}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => changeOpen(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={remove.isPending} disabled={!matches}>
            {teamMessages.deleteWorkspace}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (matches) remove.mutate(typed);
        }}
      >
        <div className="space-y-1">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Delete <strong className="font-semibold break-words">{workspace.name}</strong>?{' '}
            {teamMessages.deleteWorkspaceWhat}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">This action cannot be undone.</p>
        </div>
        <FormAlert message={refusal && !fieldError ? refusalOf(refusal) : undefined} />
        <Field
          label={teamMessages.deleteWorkspaceNameLabel}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={fieldError}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
        />
      </form>
    </Modal>
  );
}
