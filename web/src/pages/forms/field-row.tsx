import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ChevronDown, CircleAlert, X } from 'lucide-react';
import type { FieldErrors } from 'react-hook-form';
import { SortableHandle } from '../../components/sortable-handle';
import { cn } from '../../lib/cn';
import { FieldEditor } from './field-editor';
import { fieldTypeLabels, type DraftField } from './form-draft';

interface FieldRowProps {
  field: DraftField;
  position: number;
  errors: FieldErrors<DraftField> | undefined;
  expanded: boolean;
  onToggle: () => void;
  onChange: (field: DraftField) => void;
  onRemove: () => void;
}

const iconButton =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100';

/** A field of the list: dragged by its handle (pointer after 10 px, or Space and the arrows), opened to edit. */
export function FieldRow({ field, position, errors, expanded, onToggle, onChange, onRemove }: FieldRowProps) {
  const sortable = useSortable({
    id: field.id,
  });
  const { setNodeRef, transform, transition, isDragging } = sortable;
  const name = field.label.trim() || 'Untitled field';
  const editorId = `field-editor-${field.id}`;
  const hasErrors = Boolean(errors && Object.keys(errors).length > 0);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900',
        isDragging && 'relative z-10 shadow-lg ring-2 ring-indigo-500',
        hasErrors && 'border-red-400 dark:border-red-500/60',
      )}
    >
      <div className="flex items-center gap-1 p-1">
        <SortableHandle sortable={sortable} label={`Reorder ${name}`} position={position} className={iconButton} />
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={expanded ? editorId : undefined}
          aria-label={`Edit ${name}${hasErrors ? ' (has errors)' : ''}`}
          onClick={onToggle}
          className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-1 py-1.5 text-left focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          <span className="min-w-0 truncate text-sm font-medium text-slate-900 dark:text-slate-100">{name}</span>
          {field.required && (
            <span aria-hidden="true" className="text-red-600 dark:text-red-400">
              *
            </span>
          )}
          <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            {fieldTypeLabels[field.type]}
          </span>
          {hasErrors && <CircleAlert aria-hidden="true" className="size-4 shrink-0 text-red-600 dark:text-red-400" />}
          <ChevronDown
            aria-hidden="true"
            className={cn('ml-auto size-4 shrink-0 text-slate-500 transition-transform', expanded && 'rotate-180')}
          />
        </button>
        <button
          type="button"
          aria-label={`Remove ${name}`}
          className={cn(
            iconButton,
            'hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-500/10 dark:hover:text-red-400',
          )}
          onClick={onRemove}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      {expanded && (
        <div id={editorId} className="border-t border-slate-200 p-3 dark:border-slate-700">
          <FieldEditor field={field} errors={errors} onChange={onChange} />
        </div>
      )}
    </li>
  );
}
