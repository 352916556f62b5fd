// The card-based second opinion: each voice reads the same cards in its own words (no two voices share a
// sentence), names every card, keeps the question model's answer (no yes or no on a sensitive theme), and
// the same reading in the same voice always reads the same. The AI prompt carries the voice's instruction.
import { AREA_MEANINGS } from '../tarot/meanings';
import { describe, expect, it } from 'vitest';
import { buildSecondOpinionFallback } from './fallback';
import { buildSecondOpinionMessages, promptCards, type ReadingPromptInput } from './prompts';
import { VOICE_INFO, VOICES } from '../tarot/voices';
import type { DealtCard } from '../types';

const dealt = (ids: string[], reversed: number[] = []): DealtCard[] =>
  ids.map((cardId, position) => ({ cardId, position, orientation: reversed.includes(position) ? 'reversed' : 'upright' }));
const input = (question: string, ids: string[], spreadType = 'past_present_future', reversed: number[] = []): ReadingPromptInput => ({
  spreadType,
  question,
  cards: promptCards(spreadType, dealt(ids, reversed)),
  level: 'premium',
});
const sentences = (text: string) =>
  text
    .split(/\n+|(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 25 && !s.startsWith('##'));

describe('second opinion voices (card-based)', () => {
  const reading = input('Стоит ли мне менять работу?', ['tower', 'three-of-pentacles', 'star'], 'past_present_future', [0]);

  it("each voice names its reader and every card, in the second opinion's outline, deterministically", () => {
    for (const v of VOICES) {
      const text = buildSecondOpinionFallback(reading, v);
      expect(text).toBe(buildSecondOpinionFallback(reading, v));
      expect(text).toMatch(/^## Карты\n/);
      expect(text).toContain('## Совет');
      expect(text).toContain(VOICE_INFO[v].name);
      for (const c of reading.cards) expect(text).toContain(`**${c.card.name}**`);
      expect(text).not.toMatch(/undefined|null|\$\{/);
    }
  });

  it('the voices speak differently: their openings, card lines and advice share no sentence', () => {
    const texts = VOICES.map((v) => buildSecondOpinionFallback(reading, v));
    // The answer to the question is the interpreter's (the same in every voice); the rest is the voice's own.
    const shared = new Set(sentences(texts[0]).filter((s) => texts.every((t) => t.includes(s))));
    const own = texts.map(
      (t) =>
        new Set(
          sentences(t).filter(
            (s) =>
              !shared.has(s) &&
              !reading.cards.some((c) =>
                `${c.card.meaning} ${c.card.reversedMeaning} ${Object.values(AREA_MEANINGS[c.card.id]).flat().join(' ')}`.includes(
                  s.replace(/^[^:]*: /, '').slice(1, 40),
                ),
              ),
          ),
        ),
    );
    for (const o of own) expect(o.size).toBeGreaterThan(3);
    for (let i = 0; i < own.length; i++)
      for (let j = i + 1; j < own.length; j++) expect([...own[i]].filter((s) => own[j].has(s))).toEqual([]);
    expect(shared.size).toBeLessThanOrEqual(2);
  });

  it('a sensitive question keeps its rule in every voice: no «да» or «нет», and whom to see', () => {
    const health = input('Вылечусь ли я от болезни?', ['sun', 'death', 'star'], 'health_wellbeing');
    for (const v of VOICES) {
      const text = buildSecondOpinionFallback(health, v);
      expect(text).not.toMatch(/«да»|«нет»/);
      expect(text).toMatch(/врачу/);
    }
  });

  it("the AI prompt carries the voice's instruction, the question model and the cards", () => {
    for (const v of VOICES) {
      const [system, user] = buildSecondOpinionMessages(reading, v);
      expect(system.content).toContain(VOICE_INFO[v].instruction);
      expect(user.content).toContain('Стоит ли мне менять работу?');
      for (const c of reading.cards) expect(user.content).toContain(c.card.name);
      expect(user.content).toContain('## Совет');
    }
  });
});
