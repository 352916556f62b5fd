// What a reading read aloud says: no markdown marks, emoji or decorative signs; headings and list items as
// sentences; a text over the provider's limit cut at a sentence's end with the closing line.
import { describe, expect, it } from 'vitest';
import { readingSpeechText, SPEECH_CUT_TAIL, SPEECH_INPUT_MAX } from './speech-text';

describe('speech text', () => {
  it('speaks the spread, the question and the text without marks or emoji', () => {
    const text = readingSpeechText({
      spreadName: 'Расклад дня',
      question: 'Что меня ждёт? 🌙',
      interpretation:
        '## Анализ карт ✨\n\n**Шут** говорит о начале 👩‍👩‍👧 ✦\n\n- первый шаг\n- *лёгкость*\n\n## Общий вывод\n\nДоверьтесь себе!',
    });
    expect(text).toBe(
      [
        'Расклад «Расклад дня».',
        'Вопрос: Что меня ждёт?',
        'Анализ карт.',
        'Шут говорит о начале.',
        'первый шаг.',
        'лёгкость.',
        'Общий вывод.',
        'Доверьтесь себе!',
      ].join('\n'),
    );
  });

  it('a long text is cut at a sentence end to the provider’s limit, with the closing line', () => {
    const long = Array.from({ length: 400 }, (_, i) => `Предложение номер ${i} о картах.`).join(' ');
    const text = readingSpeechText({ spreadName: 'Кельтский крест', question: 'Что дальше?', interpretation: long });
    expect(text.length).toBeLessThanOrEqual(SPEECH_INPUT_MAX);
    expect(text.endsWith(`о картах.\n${SPEECH_CUT_TAIL}`)).toBe(true);
  });
});
