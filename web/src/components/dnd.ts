import {
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type KeyboardCoordinateGetter,
  type SensorDescriptor,
  type SensorOptions,
} from '@dnd-kit/core';

/** A drag starts after this much pointer movement, so a click stays a click (spec part 1 §4, part 2 §9). */
export const DRAG_ACTIVATION_DISTANCE = 10;
/** A keyboard drag moves this far per arrow press (spec part 1 §4). */
export const KEYBOARD_DRAG_STEP = 25;

/** Up and Down move the dragged item 25 px; other keys do nothing (a vertical list). */
export const verticalKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  if (event.code === 'ArrowDown') return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_DRAG_STEP };
  if (event.code === 'ArrowUp') return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_DRAG_STEP };
  return undefined;
};

/**
 * Left and Right carry the dragged card to the next column (a 300 px column would take twelve 25 px steps);
 * the card keeps its height.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const right = event.code === 'ArrowRight';
  if (!right && event.code !== 'ArrowLeft') return undefined;
  event.preventDefault();
  const { collisionRect, droppableRects } = context;
  if (!collisionRect) return undefined;
  const center = collisionRect.left + collisionRect.width / 2;
  let target: { left: number; width: number } | undefined;
  for (const rect of droppableRects.values()) {
    const beyond = right ? rect.left > center : rect.left + rect.width < center;
    if (!beyond) continue;
    if (!target || (right ? rect.left < target.left : rect.left > target.left)) target = rect;
  }
  if (!target) return undefined;
  return { x: target.left + (target.width - collisionRect.width) / 2, y: currentCoordinates.y };
};

/** Pointer (after 10 px) and keyboard dragging, with the given keyboard steps. */
export function useDragSensors(coordinateGetter: KeyboardCoordinateGetter): SensorDescriptor<SensorOptions>[] {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_ACTIVATION_DISTANCE } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
}
