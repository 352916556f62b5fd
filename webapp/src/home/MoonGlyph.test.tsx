import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MoonGlyph, moonLitPath } from './MoonGlyph';

/**
 * Where the lit part crosses the equator (y = 17), read from the path by SVG's own rules: each arc runs between
 * the poles (17, 2) and (17, 32) around the centre, so it crosses at 17 ± rx; going down with sweep 1 (or up
 * with sweep 0) it passes on the right.
 */
function litSpan(d: string): { left: number; right: number } {
  const arcs = [...d.matchAll(/A([\d.]+) [\d.]+ 0 0 ([01]) 17 (\d+)/g)].map((m) => {
    const rx = Number(m[1]);
    const down = m[3] === '32';
    const right = (m[2] === '1') === down;
    return 17 + (right ? rx : -rx);
  });
  expect(arcs).toHaveLength(2);
  return { left: Math.min(...arcs), right: Math.max(...arcs) };
}

describe('the moon glyph', () => {
  it('draws the lit fraction on the right while waxing and on the left while waning', () => {
    for (const [k, waxing] of [
      [0.1, true],
      [0.25, true],
      [0.5, true],
      [0.8, true],
      [1, true],
      [0.8, false],
      [0.5, false],
      [0.1, false],
    ] as const) {
      const span = litSpan(moonLitPath(k, waxing)!);
      // The lit width along the equator is the lit fraction of the diameter.
      expect((span.right - span.left) / 30, `${k} ${waxing}`).toBeCloseTo(k, 2);
      // Waxing: lit from the right limb (x = 32); waning: from the left one (x = 2).
      if (k < 1) expect(waxing ? span.right : span.left, `${k} ${waxing}`).toBe(waxing ? 32 : 2);
    }
  });

  it('draws full, first quarter, last quarter, crescents and new moon differently', () => {
    const shapes = [
      moonLitPath(1, true),
      moonLitPath(0.5, true),
      moonLitPath(0.5, false),
      moonLitPath(0.2, true),
      moonLitPath(0.2, false),
      moonLitPath(0.8, true),
      moonLitPath(0, true),
    ];
    expect(new Set(shapes).size).toBe(shapes.length);
    // The first quarter's terminator is a straight line through the centre: exactly the right half lit.
    expect(litSpan(moonLitPath(0.5, true)!)).toEqual({ left: 17, right: 32 });
    // The full moon: the whole disc.
    expect(litSpan(moonLitPath(1, false)!)).toEqual({ left: 2, right: 32 });
    // The new moon: nothing lit, only the dark disc.
    expect(moonLitPath(0, true)).toBeNull();
    expect(renderToString(<MoonGlyph illumination={0} waxing />)).not.toContain('moon-lit');
    const html = renderToString(<MoonGlyph illumination={0.5} waxing />);
    expect(html).toContain(`d="${moonLitPath(0.5, true)}"`);
  });
});
