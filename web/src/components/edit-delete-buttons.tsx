import { Pencil, Trash2 } from 'lucide-react';
import { Button } from './button';

interface EditDeleteButtonsProps {
  /** What the row shows, for the buttons' accessible names: "Edit …", "Delete …". */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Classes of the Delete button, e.g. to show it in red. */
  deleteClassName?: string;
}

/** The Edit and Delete buttons at the end of a row of a list, named for the row. */
export function EditDeleteButtons({ name, onEdit, onDelete, deleteClassName }: EditDeleteButtonsProps) {
  return (
    <div className="flex shrink-0 gap-2">
      <Button variant="secondary" size="sm" aria-label={`Edit ${name}`} onClick={onEdit}>
        <Pencil aria-hidden="true" className="size-4" />
        Edit
      </Button>
      <Button
        variant="secondary"
        size="sm"
        className={deleteClassName}
        aria-label={`Delete ${name}`}
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Delete
      </Button>
    </div>
  );
}
