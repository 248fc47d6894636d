import { useId, useState, type PointerEventHandler, type ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  pointerWithin,
  useDraggable,
  useDroppable,
  type CollisionDetection,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Plus } from 'lucide-react';
import type { FieldErrors } from 'react-hook-form';
import { formFieldTypes, formMessages, type FormFieldType } from '@common/forms';
import { useDragSensors } from '../../components/dnd';
import { cn } from '../../lib/cn';
import { FieldRow } from './field-row';
import { fieldTypeLabels, newField, type DraftField, type FormDraft } from './form-draft';

const LIST_ID = 'form-field-list';
const PALETTE_PREFIX = 'palette:';
const paletteId = (type: FormFieldType) => `${PALETTE_PREFIX}${type}`;
const paletteType = (id: UniqueIdentifier): FormFieldType | null => {
  const type = String(id).startsWith(PALETTE_PREFIX) ? String(id).slice(PALETTE_PREFIX.length) : '';
  return (formFieldTypes as readonly string[]).includes(type) ? (type as FormFieldType) : null;
};

/**
 * A palette item is dropped where the pointer is (over the list or a field, never back on the palette);
 * a field of the list goes to the closest field.
 */
const collisions: CollisionDetection = (args) =>
  paletteType(args.active.id)
    ? pointerWithin(args)
    : closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((c) => c.id !== LIST_ID) });

interface BuilderFieldsProps {
  fields: DraftField[];
  errors: FieldErrors<FormDraft>['fields'];
  onChange: (fields: DraftField[]) => void;
  /** The field the user opened; a new field opens at once. */
  expandedId: string | null;
  onExpand: (id: string | null) => void;
}

/** The palette of the ten types and the sortable list of the form's fields (part 2 §4). */
export function BuilderFields({ fields, errors, onChange, expandedId, onExpand }: BuilderFieldsProps) {
  const sensors = useDragSensors(sortableKeyboardCoordinates);
  const [fromPalette, setFromPalette] = useState(false);
  const paletteTitleId = useId();
  const listTitleId = useId();
  const labelOf = (id: UniqueIdentifier) => {
    const type = paletteType(id);
    if (type) return `new ${fieldTypeLabels[type]} field`;
    const field = fields.find((f) => f.id === id);
    return `field ${field?.label.trim() || 'without label'}`;
  };
  const positionOf = (id: UniqueIdentifier) => fields.findIndex((f) => f.id === id) + 1;
  const whereOver = (id: UniqueIdentifier) => (id === LIST_ID ? 'the field list' : `position ${positionOf(id)}`);

  const add = (type: FormFieldType) => {
    const field = newField(type);
    onChange([...fields, field]);
    onExpand(field.id);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setFromPalette(false);
    if (!over) return;
    const type = paletteType(active.id);
    if (type) {
      add(type);
      return;
    }
    if (active.id === over.id) return;
    const from = fields.findIndex((f) => f.id === active.id);
    const to = fields.findIndex((f) => f.id === over.id);
    if (from < 0 || to < 0) return;
    onChange(arrayMove(fields, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      onDragStart={({ active }) => setFromPalette(paletteType(active.id) !== null)}
      onDragCancel={() => setFromPalette(false)}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'To reorder a field, press Space to pick it up, the up and down arrows to move it, Space again to drop it, or Escape to cancel.',
        },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${labelOf(active.id)}.`,
          onDragOver: ({ active, over }) =>
            over ? `The ${labelOf(active.id)} is over ${whereOver(over.id)}.` : undefined,
          onDragEnd: ({ active, over }) =>
            over ? `The ${labelOf(active.id)} was dropped at ${whereOver(over.id)}.` : undefined,
          onDragCancel: ({ active }) => `Moving the ${labelOf(active.id)} was cancelled.`,
        },
      }}
    >
      {/* Two columns of types, so all ten show at once; beside the list they stay in view as it scrolls. */}
      <div className="grid gap-4 md:grid-cols-[19rem_minmax(0,1fr)]">
        <section aria-labelledby={paletteTitleId} className="md:sticky md:top-0 md:self-start">
          <h3 id={paletteTitleId} className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">
            Add a field
          </h3>
          <ul className="grid grid-cols-2 gap-2">
            {formFieldTypes.map((type) => (
              <PaletteItem key={type} type={type} onAdd={add} />
            ))}
          </ul>
        </section>
        <section aria-labelledby={listTitleId} className="min-w-0">
          <h3 id={listTitleId} className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">
            Form fields
          </h3>
          <FieldList fields={fields} highlight={fromPalette}>
            {fields.map((field, index) => (
              <FieldRow
                key={field.id}
                field={field}
                position={index + 1}
                errors={errors?.[index]}
                expanded={expandedId === field.id}
                onToggle={() => onExpand(expandedId === field.id ? null : field.id)}
                onChange={(next) => onChange(fields.map((f) => (f.id === field.id ? next : f)))}
                onRemove={() => onChange(fields.filter((f) => f.id !== field.id))}
              />
            ))}
          </FieldList>
        </section>
      </div>
    </DndContext>
  );
}

/** Click adds the type at the end; dragging it (pointer only, after 10 px) onto the list adds it too. */
function PaletteItem({ type, onAdd }: { type: FormFieldType; onAdd: (type: FormFieldType) => void }) {
  const { setNodeRef, listeners, transform, isDragging } = useDraggable({ id: paletteId(type) });
  return (
    <li>
      <button
        type="button"
        ref={setNodeRef}
        // Pointer only: from the keyboard, Enter and Space add the field (a click).
        onPointerDown={listeners?.onPointerDown as PointerEventHandler<HTMLButtonElement> | undefined}
        onClick={() => onAdd(type)}
        aria-label={`Add ${fieldTypeLabels[type]} field`}
        style={{ transform: CSS.Translate.toString(transform) }}
        className={cn(
          'flex w-full touch-manipulation items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-left text-sm font-medium text-slate-800 hover:border-indigo-400 hover:bg-indigo-50',
          'focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
          isDragging && 'relative z-20 cursor-grabbing shadow-lg ring-2 ring-indigo-500',
        )}
      >
        <Plus aria-hidden="true" className="size-4 shrink-0 text-indigo-600 dark:text-indigo-400" />
        {fieldTypeLabels[type]}
      </button>
    </li>
  );
}

interface FieldListProps {
  fields: DraftField[];
  /** A palette item is being dragged: the list shows it can take it. */
  highlight: boolean;
  children: ReactNode;
}

function FieldList({ fields, highlight, children }: FieldListProps) {
  // Only a palette item drops on the list itself; while a field is sorted the list is no target.
  const { setNodeRef, isOver } = useDroppable({ id: LIST_ID, disabled: !highlight });
  return (
    <div
      ref={setNodeRef}
      className={cn(
        'min-h-40 rounded-xl border-2 border-dashed p-2 transition-colors',
        highlight ? 'border-indigo-400 bg-indigo-50/50 dark:bg-indigo-500/5' : 'border-slate-200 dark:border-slate-700',
        isOver && 'bg-indigo-50 dark:bg-indigo-500/10',
      )}
    >
      {fields.length === 0 ? (
        <p className="flex min-h-36 items-center justify-center px-4 text-center text-sm text-slate-600 dark:text-slate-400">
          {formMessages.emptyFields}
        </p>
      ) : (
        <SortableContext items={fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
          <ol aria-label="Form fields" className="flex flex-col gap-2">
            {children}
          </ol>
        </SortableContext>
      )}
    </div>
  );
}
