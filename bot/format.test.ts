// Whatever the AI writes, the chat gets HTML that Telegram accepts (checked by the local Telegram's parser,
// which is as strict as Telegram's), showing the same words.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRichText } from '../domain/markup';
import { markdownToHtml, splitText } from './format';
import { parseTelegramHtml } from './local-telegram/html';

describe('chat formatting', () => {
  it('turns headings, bold, italic and list items into Telegram HTML', () => {
    const html = markdownToHtml('## Совет карт\n**Маг** говорит: *действуйте*\n- шаг <1> & шаг 2');
    expect(html).toBe('<b>Совет карт</b>\n\n<b>Маг</b> говорит: <i>действуйте</i>\n\n• шаг &lt;1&gt; &amp; шаг 2');
    expect(parseTelegramHtml(html)).toMatchObject({ ok: true, text: 'Совет карт\n\nМаг говорит: действуйте\n\n• шаг <1> & шаг 2' });
  });

  it('reads the text with the same parser as the web app (domain/markup.ts)', () => {
    const text = '## Анализ карт\n\n**Шут** — *новое* начало.\nВторая строка.\n\n1. раз\n2. два';
    expect(parseRichText(text).map((b) => b.kind)).toEqual(['heading', 'paragraph', 'list']);
    expect(markdownToHtml(text)).toBe('<b>Анализ карт</b>\n\n<b>Шут</b> — <i>новое</i> начало. Вторая строка.\n\n1. раз\n2. два');
  });

  it('any text (a partial stream too) becomes HTML Telegram parses', () => {
    const pieces = fc.constantFrom('**', '*', '## ', '- ', '\n', '<b>', '</i>', '&', '&amp;', '<', '>', '"', 'Туз', ' ', 'a');
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 60 }), (parts) => {
        const text = parts.join('');
        const parsed = parseTelegramHtml(markdownToHtml(text));
        expect(parsed.ok).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('splits long texts under the message limit without losing words', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 300 }), { maxLength: 80 }), (paragraphs) => {
        const text = paragraphs.join('\n\n');
        const parts = splitText(text, 1000);
        for (const p of parts) expect(p.length).toBeLessThanOrEqual(1000);
        expect(parts.join('').replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
      }),
      { numRuns: 200 },
    );
  });

  it('the local Telegram refuses what Telegram refuses', () => {
    expect(parseTelegramHtml('<b>open').ok).toBe(false);
    expect(parseTelegramHtml('<h1>x</h1>').ok).toBe(false);
    expect(parseTelegramHtml('a < b').ok).toBe(false);
    expect(parseTelegramHtml('<b><i>x</b></i>').ok).toBe(false);
    expect(parseTelegramHtml('<a href="javascript:alert(1)">x</a>')).toMatchObject({ ok: true, html: '<a>x</a>' });
  });
});
