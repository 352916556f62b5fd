import { describe, expect, it } from 'vitest';
import { CARD_IDS } from '../deck';
import { AREA_MEANINGS, areaMeaning, LIFE_AREAS } from '.';
import { MONEY, offTopic, ROMANCE } from './words';

describe('meanings by part of life', () => {
  it('every card has a sentence for every part of life, upright and reversed, none repeated within the card', () => {
    expect(Object.keys(AREA_MEANINGS).sort()).toEqual([...CARD_IDS].sort());
    for (const id of CARD_IDS) {
      const seen = new Set<string>();
      for (const area of LIFE_AREAS)
        for (const reversed of [false, true]) {
          const text = areaMeaning(id, reversed, area);
          expect(text, `${id} ${area} ${reversed}`).toMatch(/^[А-ЯЁ].{8,}[.!]$/u);
          expect(seen.has(text!), `${id} repeats «${text}»`).toBe(false);
          seen.add(text!);
        }
    }
  });

  it('no two cards share a sentence: a reading never reads one card as another', () => {
    const owner = new Map<string, string>();
    for (const id of CARD_IDS)
      for (const area of LIFE_AREAS)
        for (const reversed of [false, true]) {
          const text = areaMeaning(id, reversed, area)!.toLowerCase();
          const was = owner.get(text);
          expect(was === undefined || was === id, `«${text}»: ${was} and ${id}`).toBe(true);
          owner.set(text, id);
        }
  });

  it('keeps romance out of family, friendship and work, and money out of love', () => {
    const flags: string[] = [];
    for (const id of CARD_IDS)
      for (const area of LIFE_AREAS) {
        const re = offTopic(area);
        if (!re) continue;
        for (const reversed of [false, true]) {
          const text = areaMeaning(id, reversed, area)!;
          if (re.test(text)) flags.push(`${id} ${area}: ${text}`);
        }
      }
    expect(flags).toEqual([]);
  });

  it('the word lists catch what the issue quotes and spare what is innocent', () => {
    for (const s of ['новая любовь', 'романтика и предложение', 'союз двоих и гармония в паре', 'свадьба', 'Паре сейчас нужны', 'партнёр'])
      expect(s).toMatch(ROMANCE);
    for (const s of ['любовь родных', 'пару недель', 'пара карт', 'долгий путь', 'партнёрство']) expect(s).not.toMatch(ROMANCE);
    for (const s of ['богатство и наследство', 'продажность', 'денежные споры', 'траты', 'долги', 'трата денег', 'достаток'])
      expect(s).toMatch(MONEY);
    for (const s of ['долгий путь', 'ценности', 'трата сил', 'самодостаточность', 'достаточно']) expect(s).not.toMatch(MONEY);
  });
});
