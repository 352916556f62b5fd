// The moon as it looks tonight (northern sky): a dark disc and its lit part, bounded by the lit limb (a half
// circle, on the right while waxing) and the terminator (half an ellipse whose width follows the lit fraction).

/** The glyph's size: a 34 px square, the disc of radius 15 at its centre. */
const C = 17;
const R = 15;

/**
 * The lit part's SVG path for a lit fraction 0..1 and the waxing/waning side; null for a new moon (nothing lit).
 * Along the equator the lit width is illumination × the diameter, as seen from the Earth.
 */
export function moonLitPath(illumination: number, waxing: boolean): string | null {
  const k = Math.min(1, Math.max(0, illumination));
  if (k <= 0.01) return null;
  const rx = Math.abs(1 - 2 * k) * R;
  const crescent = k < 0.5;
  // From the top down the limb's side (sweep 1 passes the right), then back up along the terminator, which
  // bulges toward the limb for a crescent and away from it past the quarter.
  const limb = waxing ? 1 : 0;
  const term = waxing ? (crescent ? 0 : 1) : crescent ? 1 : 0;
  return `M${C} ${C - R} A${R} ${R} 0 0 ${limb} ${C} ${C + R} A${rx.toFixed(2)} ${R} 0 0 ${term} ${C} ${C - R}Z`;
}

export function MoonGlyph({ illumination, waxing }: { illumination: number; waxing: boolean }) {
  const d = moonLitPath(illumination, waxing);
  return (
    <svg className="ritual-moon-glyph" width="34" height="34" viewBox="0 0 34 34" aria-hidden="true" data-testid="moon-glyph">
      <circle cx={C} cy={C} r={R} className="ritual-moon-dark" />
      {d && <path d={d} className="ritual-moon-lit" data-testid="moon-lit" />}
    </svg>
  );
}
