// Deterministic variety: phrasing is chosen by hashing the reading (question, spread, cards), so the same
// reading always reads the same, and a bank never gives the same variant twice within one reading.
import { fnv1a32 } from '../text/variant';

export class Picker {
  private used = new Map<string, Set<number>>();
  private calls = 0;
  /** The hash of `${seed}|`, which every choice continues (the seed holds the question and every card). */
  private readonly seedHash: number;
  constructor(seed: string) {
    this.seedHash = fnv1a32(`${seed}|`);
  }

  /** One variant of `bank` not yet used in this reading (when all were, the least recent choice repeats). */
  pick<T>(bank: string, items: readonly T[]): T {
    const used = this.used.get(bank) ?? new Set<number>();
    this.used.set(bank, used);
    if (used.size >= items.length) used.clear();
    let i = fnv1a32(`${bank}|${this.calls++}`, this.seedHash) % items.length;
    while (used.has(i)) i = (i + 1) % items.length;
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
