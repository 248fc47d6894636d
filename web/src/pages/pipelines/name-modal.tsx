import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { Modal } from '../../components/modal';

interface NameModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  label: string;
  submitLabel: string;
  initialName?: string;
  pending?: boolean;
  /** Called with the trimmed name; the caller closes the modal once it is saved. */
  onSubmit: (name: string) => void;
}

/** A one-field dialog: create or rename a pipeline, rename a stage. Submitting is off while the name is blank. */
export function NameModal(props: NameModalProps) {
  // Each opening starts from the given name.
  return <NameDialog key={`${props.open}:${props.initialName ?? ''}`} {...props} />;
}

function NameDialog({
  open,
  onOpenChange,
  title,
  label,
  submitLabel,
  initialName = '',
  pending,
  onSubmit,
}: NameModalProps) {
  const [name, setName] = useState(initialName);
  const trimmed = name.trim();
  const formId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) onSubmit(trimmed);
  };

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
          <Button type="submit" form={formId} disabled={!trimmed} loading={pending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Field
          label={label}
          autoComplete="off"
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </form>
    </Modal>
  );
}
