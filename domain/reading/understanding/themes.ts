// Which sensitive theme a question touches, on meaning (theme-concepts.ts). One theme, the most specific
// first: a pregnancy over a pet's health over a child's, an addiction, a death, then an adult's health, a
// court case, large money.
import type { Sensitive } from '../question-words';
import { JOKES, NOT_A_JOKE } from './care-concepts';
import { anyOf } from './patterns';
import {
  ADDICTION,
  ADDICTION_CANCEL,
  CHILDREN,
  DEATH,
  DEATH_CANCEL,
  ENGLISH_THEME_CANCEL,
  ENGLISH_THEMES,
  HEALTH_CANCEL,
  HELD,
  ILLNESS,
  INVESTMENT,
  INVESTMENT_CANCEL,
  LEGAL,
  PETS,
  PREGNANCY,
  PREGNANCY_CANCEL,
  VET,
} from './theme-concepts';
import type { Understood } from './understand';

/** Laughter as typed («)))», «😂», «💀») or said («ахах», «шучу»), and nothing saying it is meant. */
const LAUGH = /(?<!\p{L})ха(?:-?ха)*(?!\p{L})|\){2,}|😂|🤣|😅|🙈|🙃|😆|😁|😄|😃|🤭|😹|😜|🤪|🫠|💀|☠️/u;
const laughing = (written: string, u: Understood) => (LAUGH.test(written) || anyOf(JOKES, u.stems)) && !anyOf(NOT_A_JOKE, u.stems);

/**
 * The theme of a question (`written`: the text as typed, for its laughter). A laugh makes the words of a death,
 * an illness, a court or a habit a figure of speech («я труп 💀», «чуть не довёл до инфаркта 😂», «сяду ли на
 * шпагат 😂»); a pregnancy, a child's health and large money keep their theme.
 */
export function themeOf(u: Understood, written = ''): Sensitive | null {
  const line = u.stems;
  if (anyOf(PREGNANCY, line) && !anyOf(PREGNANCY_CANCEL, line)) return 'pregnancy';
  const ill = anyOf(ILLNESS, line) && !anyOf(HEALTH_CANCEL, line);
  const laugh = laughing(written, u);
  if (anyOf(PETS, line) && (ill || anyOf(VET, line)) && !laugh) return 'pet_health';
  if (ill && anyOf(CHILDREN, line)) return 'child_health';
  // A case over a habit (held, tried) is legal; a habit borrowed for a series is none.
  if (!laugh && anyOf(ADDICTION, line) && !anyOf(ADDICTION_CANCEL, line) && !(anyOf(HELD, line) && anyOf(LEGAL, line))) return 'addiction';
  if (!laugh && anyOf(DEATH, line) && !anyOf(DEATH_CANCEL, line)) return 'death';
  if (ill && !laugh) return 'health';
  if (!laugh && anyOf(LEGAL, line)) return 'legal';
  if (anyOf(INVESTMENT, line) && !anyOf(INVESTMENT_CANCEL, line)) return 'investment';
  // English words, in an English question or left in a Russian one («берём mortgage»).
  if (/[a-z]/.test(u.text) && !ENGLISH_THEME_CANCEL.test(u.text))
    return (ENGLISH_THEMES.find((t) => t.re.test(u.text))?.theme as Sensitive) ?? null;
  return null;
}

/** A figure of speech or a card's name borrows a theme's words: the written stems must not read it either. */
export function themeCancelled(u: Understood, written = ''): boolean {
  return (
    anyOf(DEATH_CANCEL, u.stems) ||
    anyOf(HEALTH_CANCEL, u.stems) ||
    anyOf(ADDICTION_CANCEL, u.stems) ||
    anyOf(PREGNANCY_CANCEL, u.stems) ||
    anyOf(INVESTMENT_CANCEL, u.stems) ||
    ENGLISH_THEME_CANCEL.test(u.text) ||
    laughing(written, u)
  );
}
