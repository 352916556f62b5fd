// The reading for two, over 300 generated readings (the shared per-type sample): each position's own card is
// read in its own section (the two of you in «Каждый из вас», the bond and what divides in theirs, the advice
// card alone in «Совет паре»), the conclusion's advice comes from the advice card, and no third person is
// brought in: no court card read as «someone», no people around, no rival.
import { describe, expect, it } from 'vitest';
import { typeSample } from './type-sample';

const SAMPLE = typeSample('pair_reading', 300);
const sectionOf = (text: string, heading: string) => text.split(/^## /m).find((s) => s.startsWith(heading)) ?? '';
const named = (text: string) => new Set([...text.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1]));
const THIRD =
  /(третий|третье лицо|кто-то из|соперни(к|ц)|другая женщина|другой мужчина|окружени|люд(и|ям) рядом|конкретного человека|может означать [^.]*(женщин|мужчин|человек))/iu;

describe('the reading for two', () => {
  it('reads each position’s card in its own section', () => {
    for (const { input, text } of SAMPLE) {
      const [me, partner, bond, divide, advice] = input.cards.map((c) => c.card.name);
      expect([...named(sectionOf(text, 'Каждый из вас'))].slice(0, 2), text).toEqual([me, partner]);
      expect([...named(sectionOf(text, 'Что связывает и что разделяет'))].slice(0, 2), text).toEqual([bond, divide]);
      expect(named(sectionOf(text, 'Совет паре')), text).toEqual(new Set([advice]));
    }
  });

  it('the partner’s card and what divides are read in their own words, not as a second voice', () => {
    for (const { text } of SAMPLE) {
      const each = sectionOf(text, 'Каждый из вас');
      expect(each).not.toMatch(/(Иначе звучит|В противовес этому|Этому возражает|Эту мысль подхватывает|К этому добавляется)/u);
      expect(each).toMatch(/партн[её]р|его сторон/iu);
      expect(sectionOf(text, 'Что связывает и что разделяет')).toMatch(
        /(разделяет|Между вами|мешает вам|Расстояние|Трудное место)[^.]*\*\*/u,
      );
    }
  });

  it('the conclusion’s advice is the advice card’s, whatever the answer named', () => {
    for (const { input, text } of SAMPLE) {
      const advice = input.cards[4].card.name;
      const last = sectionOf(text, 'Общий вывод');
      const tip = last.split(/(?<=[.!?])\s+/).find((s) => /(совет|подсказк|опорой станет)/iu.test(s) && s.includes('**'));
      expect(tip, last).toBeDefined();
      expect([...named(tip!)], last).toEqual([advice]);
    }
  });

  it('brings in no third person, and its step is for the two of them', () => {
    for (const { text } of SAMPLE) {
      expect(text).not.toMatch(THIRD);
      const step = text.split(/(?<=[.!?])\s+/).find((s) => s.startsWith('Практический шаг'));
      expect(step).not.toMatch(/(написать первым|не писать первым|вернуться к своей жизни|предложить встречу)/u);
    }
  });
});
