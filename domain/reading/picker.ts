// Deterministic variety: phrasing is chosen by hashing the reading (question, spread, cards), so the same
// reading always reads the same, and a bank never gives the same variant twice within one reading. A reading
// plan may veto variants (a sentence that takes the other side on haste): they are skipped like used ones.
import { fnv1a32 } from '../text/variant';

/** Stands in for any argument of a template, so a template's fixed words can be read without its slots. */
const HOLE: unknown = new Proxy(() => HOLE, {
  get: (_t, key) => (key === Symbol.toPrimitive ? () => '' : key === 'length' ? 0 : HOLE),
  apply: () => HOLE,
});

/** A template's fixed words: the string itself, or a function rendered with every slot empty ('' when it cannot be). */
const fixedWords = new Map<unknown, string>();
export function fixedTextOf(item: unknown): string {
  if (typeof item === 'string') return item;
  if (typeof item !== 'function') return '';
  let text = fixedWords.get(item);
  if (text === undefined) {
    try {
      const out = (item as (...a: unknown[]) => unknown)(HOLE, HOLE, HOLE, HOLE);
      text = typeof out === 'string' ? out : '';
    } catch {
      text = '';
    }
    fixedWords.set(item, text);
  }
  return text;
}

/** A veto on a variant's fixed words, worked out once per variant (banks are module constants). */
export function vetoBy(test: (fixed: string) => boolean): (item: unknown) => boolean {
  const seen = new Map<unknown, boolean>();
  return (item) => {
    let v = seen.get(item);
    if (v === undefined) seen.set(item, (v = test(fixedTextOf(item))));
    return v;
  };
}

/** Murmur3's finaliser: FNV-1a's low bits depend only on the low bits of the input, and a bank's index is taken modulo its size. */
function avalanche(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export class Picker {
  private used = new Map<string, Set<number>>();
  private calls = 0;
  /** The hash of `${seed}|`, which every choice continues (the seed holds the question and every card). */
  private readonly seedHash: number;
  /** Variants this returns true for are not chosen while another is left (see vetoBy). */
  veto: ((item: unknown) => boolean) | null = null;
  constructor(seed: string) {
    this.seedHash = fnv1a32(`${seed}|`);
  }

  /** One variant of `bank` not yet used in this reading (when all were, the least recent choice repeats). */
  pick<T>(bank: string, items: readonly T[]): T {
    const used = this.used.get(bank) ?? new Set<number>();
    this.used.set(bank, used);
    const veto = this.veto;
    const allowed = veto ? items.map((it) => !veto(it)) : null;
    const free = (i: number) => !used.has(i) && (!allowed || allowed[i]);
    // Every allowed variant was used: repeat one rather than take the other side.
    if (!items.some((_, i) => free(i))) used.clear();
    let i = avalanche(fnv1a32(`${bank}|${this.calls++}`, this.seedHash)) % items.length;
    for (let n = 0; n < items.length && !free(i); n++) i = (i + 1) % items.length;
    // Nothing allowed at all: the hashed variant stands (the test of the plan finds such a bank).
    used.add(i);
    return items[i];
  }

  /** Whether a bank has variants left (optional sentences are skipped rather than repeated). */
  hasLeft(bank: string, size: number): boolean {
    return (this.used.get(bank)?.size ?? 0) < size;
  }
}

/** 'a', 'a и b', 'a, b и c'. */
export function joinRu(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} и ${items[items.length - 1]}`;
}

export const capitalize = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);
