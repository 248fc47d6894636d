import { useState } from 'react';
import type { Member } from '@common/workspaces';
import { teamMessages } from '@common/workspaces';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { SelectField } from '../../components/select-field';
import { displayName } from './member-text';

interface MemberChoiceModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  /** The select's label. */
  label: string;
  /** The members one may choose. */
  choices: Member[];
  /** The member chosen at first, when one of the choices. */
  initial?: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: (userId: string) => void;
}

/** Asks for one member before a change that names one: who takes over the records, who becomes the Owner. */
export function MemberChoiceModal({
  open,
  onOpenChange,
  title,
  message,
  label,
  choices,
  initial,
  confirmLabel,
  pending,
  onConfirm,
}: MemberChoiceModalProps) {
  const fallback = choices.some((member) => member.userId === initial) ? initial : choices[0]?.userId;
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const chosen = picked && choices.some((member) => member.userId === picked) ? picked : fallback;

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button variant="danger" loading={pending} disabled={!chosen} onClick={() => chosen && onConfirm(chosen)}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">{message}</p>
      {choices.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{teamMessages.noOtherMembers}</p>
      ) : (
        <SelectField label={label} value={chosen} onChange={(event) => setPicked(event.target.value)}>
          {choices.map((member) => (
            <option key={member.userId} value={member.userId}>
              {displayName(member)}
              {member.name ? ` (${member.email})` : ''}
            </option>
          ))}
        </SelectField>
      )}
    </Modal>
  );
}
