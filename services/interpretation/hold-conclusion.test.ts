// The conclusion's hold: the text before the last heading streams piece by piece (however the pieces cut the
// heading), the conclusion waits for the end, and the model's own text goes out in its own pieces.
import { describe, expect, it } from 'vitest';
import { holdConclusion } from './hold-conclusion';

function run(pieces: string[], final?: (full: string) => string) {
  const out: string[] = [];
  const during: string[] = [];
  const hold = holdConclusion('Общий вывод', (p) => out.push(p));
  for (const p of pieces) hold.push(p);
  during.push(...out);
  const full = pieces.join('');
  hold.finish(final ? final(full) : full);
  return { out, during: during.join('') };
}

describe('holdConclusion', () => {
  const text = '## Карты\n\nТекст карт.\n\n## Общий вывод\n\nОтвет — «нет».';

  it('holds the conclusion whatever the pieces, and releases the model’s own pieces at the end', () => {
    for (const size of [1, 2, 3, 5, 8, 13]) {
      const pieces = text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!;
      const { out, during } = run(pieces);
      expect(during).toBe('## Карты\n\nТекст карт.\n\n');
      expect(out.join('')).toBe(text);
    }
    const words = text.match(/\S+\s*/g)!;
    expect(run(words).out).toEqual(words);
  });

  it('a replacement goes out after what was streamed', () => {
    const { out } = run([text], (full) => `${full.slice(0, full.indexOf('## Общий'))}## Общий вывод\n\nОтвет — «да».`);
    expect(out.join('')).toBe('## Карты\n\nТекст карт.\n\n## Общий вывод\n\nОтвет — «да».');
  });

  it('a text without the heading streams all but its last few characters until the end', () => {
    const plain = 'Просто текст без заголовков, довольно длинный.';
    const { out, during } = run(plain.split(' ').map((w, i, a) => (i < a.length - 1 ? `${w} ` : w)));
    expect(plain.startsWith(during)).toBe(true);
    expect(during.length).toBeGreaterThan(0);
    expect(out.join('')).toBe(plain);
  });
});
