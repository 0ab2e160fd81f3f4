/** A stroke as the signature pad records it: points in CSS pixels of the canvas. */
export type Stroke = Array<{ x: number; y: number; time: number; color?: string }>;

export interface PadSize {
  width: number;
  height: number;
}

/** Tall enough for a finger signature on a tablet, not so tall that a phone must scroll past it. */
export function padHeight(width: number): number {
  return Math.round(Math.min(320, Math.max(180, width * 0.4)));
}

/** The strokes moved to a pad of another size, in proportion, so the whole signature stays in view. */
export function rescaleStrokes(strokes: readonly Stroke[], from: PadSize, to: PadSize): Stroke[] {
  const sx = from.width > 0 ? to.width / from.width : 1;
  const sy = from.height > 0 ? to.height / from.height : 1;
  return strokes.map((stroke) => stroke.map((p) => ({ ...p, x: p.x * sx, y: p.y * sy })));
}
