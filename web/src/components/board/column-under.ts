import { pointerWithin, rectIntersection, type CollisionDetection } from '@dnd-kit/core';

/** The column under the pointer; from the keyboard (no pointer), the column the card overlaps most. */
export const columnUnder: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};
