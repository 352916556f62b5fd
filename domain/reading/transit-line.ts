// «По транзитам»: a timing question («когда…») of a user with a natal chart may end with one line naming the
// next favourable window the transits show (made by the server, domain/astro/transits.ts). It stands after
// the conclusion as a paragraph of its own, marked as the sky's and not the cards'.
import type { Kind } from './question';

/** Marks the line as apart from the cards. */
const TRANSIT_LINE_MARK = '🪐';

export function withTransitLine(text: string, kind: Kind, line: string | null | undefined): string {
  if (kind !== 'timing' || !line) return text;
  return `${text}\n\n${TRANSIT_LINE_MARK} ${line} Это подсказка неба, а не карт.`;
}
