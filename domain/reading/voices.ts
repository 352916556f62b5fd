// «Второе мнение» without an AI: the same cards read again by another reader (domain/tarot/voices.ts), who
// writes the reading from the first reading's plan (the verdict, the option or the time frame, the cards for
// and against, the stance on haste; voice-kit.ts) in sentences of their own: Глеб starts with the hardest card
// and is short and practical (voice-straight.ts), Аглая reads the pictures, elements and stars of the cards
// (voice-mystic.ts), Вера leads with support and gives the supporting cards more room (voice-gentle.ts). No
// voice quotes the first reading, none contradicts its verdict, and the sensitive rules (no yes or no on
// health, a pregnancy, death, a court case; whom to see) bind every voice; a crisis question gets no second
// opinion at all (services/second-opinions.ts refuses it). Pure and deterministic.
import { HELP_LINES } from './crisis';
import { SECOND_OPINION_OUTLINE, type ReadingPromptInput } from './prompts';
import type { Voice } from '../tarot/voices';
import { gentleOpinion } from './voice-gentle';
import { kitOf, type Kit } from './voice-kit';
import { mysticOpinion } from './voice-mystic';
import { straightOpinion } from './voice-straight';

const WRITERS: Record<Voice, (kit: Kit) => { cards: string[]; advice: string[] }> = {
  straight: straightOpinion,
  gentle: gentleOpinion,
  mystic: mysticOpinion,
};

/** A concern-tier question: every voice adds where to talk to someone now (the first reading opens with it too). */
const CONCERN: Record<Voice, string> = {
  straight: `И главное: если сейчас тяжело, звоните ${HELP_LINES.trust.phone}, это бесплатно и анонимно.`,
  gentle: `Если вам сейчас очень тяжело, пожалуйста, позвоните по номеру ${HELP_LINES.trust.phone}: там выслушают, бесплатно и анонимно.`,
  mystic: `И пусть рядом будет живой голос: по номеру ${HELP_LINES.trust.phone} ответят бесплатно и анонимно.`,
};

/** A finished reading's second opinion in `voice`: the cards, then the advice, in the voice's own words. */
export function composeSecondOpinion(input: ReadingPromptInput, voice: Voice): string {
  const [cardsHeading, adviceHeading] = SECOND_OPINION_OUTLINE;
  if (!input.cards.length) return `## ${adviceHeading}\n\nВ раскладе нет открытых карт для второго мнения.`;
  const kit = kitOf(input, voice);
  const { cards, advice } = WRITERS[voice](kit);
  if (kit.ctx.q.concern) advice.push(CONCERN[voice]);
  return [`## ${cardsHeading}`, ...cards, `## ${adviceHeading}`, ...advice].join('\n\n');
}
