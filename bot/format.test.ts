// Whatever the AI writes, the chat gets HTML that Telegram accepts (checked by the local Telegram's parser,
// which is as strict as Telegram's), showing the same words; a caption is measured as Telegram measures it
// and cut to fit without breaking a tag, an entity or an emoji.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRichText } from '../domain/text/markup';
import { fitHtml, markdownToHtml, splitText, visibleLength } from './format';
import { parseTelegramHtml } from './local-telegram/html';

describe('chat formatting', () => {
  it('turns headings, bold, italic and list items into Telegram HTML', () => {
    const html = markdownToHtml('## Совет карт\n**Маг** говорит: *действуйте*\n- шаг <1> & шаг 2');
    expect(html).toBe('<b>Совет карт</b>\n\n<b>Маг</b> говорит: <i>действуйте</i>\n\n• шаг &lt;1&gt; &amp; шаг 2');
    expect(parseTelegramHtml(html)).toMatchObject({ ok: true, text: 'Совет карт\n\nМаг говорит: действуйте\n\n• шаг <1> & шаг 2' });
  });

  it('reads the text with the same parser as the web app (domain/text/markup.ts)', () => {
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

/** A lone half of a surrogate pair: what a cut through an emoji would leave. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const visibleText = (html: string) => {
  const parsed = parseTelegramHtml(html);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.text;
};

describe('caption length and cut', () => {
  it('counts what Telegram counts: tags nothing, an entity one character, an emoji two (UTF-16)', () => {
    expect(visibleLength('<b>Туз</b> <i>Кубков</i>')).toBe(10);
    expect(visibleLength('&lt;&gt;&amp;&quot;')).toBe(4);
    expect(visibleLength('&#1071;&#x42F;')).toBe(2);
    expect(visibleLength('😀 &#x1F600; &#128512;')).toBe(8);
    expect(visibleLength('👩‍👩‍👧')).toBe('👩‍👩‍👧'.length);
    // What Telegram leaves as text: a lone '&' and a name it does not decode.
    expect(visibleLength('a & b &nbsp;')).toBe(12);
    expect(visibleLength('<a href="https://t.me/x?a=1&amp;b=&gt;">ссылка</a>')).toBe(6);
    for (const html of [
      '<b>Туз</b> <i>Кубков</i>',
      '😀 &#x1F600; &#128512;',
      'a & b &nbsp;',
      '<a href="https://t.me/x?a=1&amp;b=&gt;">ссылка</a>',
    ])
      expect(visibleLength(html)).toBe(visibleText(html).length);
  });

  it('leaves a text that fits as it is, up to exactly the limit', () => {
    const html = `<b>${'я'.repeat(1000)}</b>${'&lt;'.repeat(24)}`;
    expect(fitHtml(html, 1024)).toEqual({ html, cut: false });
    expect(fitHtml(`${html}!`, 1024).cut).toBe(true);
  });

  it('cuts with «…» inside the open tags and closes them, never through an entity or an emoji', () => {
    expect(fitHtml(`<b>${'я'.repeat(50)}</b>`, 10)).toEqual({ html: `<b>${'я'.repeat(9)}…</b>`, cut: true });
    expect(fitHtml('&lt;'.repeat(20), 5).html).toBe('&lt;&lt;&lt;&lt;…');
    expect(fitHtml('😀'.repeat(10), 6).html).toBe('😀😀…');
    expect(fitHtml('😀'.repeat(10), 7).html).toBe('😀😀😀…');
    expect(fitHtml('&#x1F600;'.repeat(10), 6).html).toBe('&#x1F600;&#x1F600;…');
    expect(fitHtml('ab👩‍👩‍👧cd', 6).html).toBe('ab…');
    expect(fitHtml('<i><b>жирный курсив</b> и дальше</i>', 9).html).toBe('<i><b>жирный…</b></i>');
  });

  it('ends at a line or a word when one is near, with nothing dangling before «…»', () => {
    expect(fitHtml('Туз Кубков и Королева Мечей', 15).html).toBe('Туз Кубков и…');
    expect(fitHtml('1. Шут\n2. Маг (перевёрнутая)', 20).html).toBe('1. Шут…');
    expect(fitHtml('<b>слово</b> <i>другое</i>', 7).html).toBe('<b>слово…</b>');
    expect(fitHtml(`${'я'.repeat(60)}`, 10).html).toBe(`${'я'.repeat(9)}…`);
  });

  it('any HTML cut to any length parses, fits, ends in «…» and shows the beginning of the same text', () => {
    const atom = fc.oneof(
      fc.string({ maxLength: 12 }).map((s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')),
      fc.constantFrom('&lt;', '&amp;', '&quot;', '&#x1F600;', '&#1071;', '😀', '👩‍👩‍👧', '🃏', ' ', '\n', 'Туз', 'a & b'),
    );
    const tags = fc.constantFrom('b', 'i', 'u', 's', 'code', 'tg-spoiler');
    const run = fc.oneof(
      atom,
      fc.tuple(tags, fc.array(atom, { maxLength: 4 })).map(([t, xs]) => `<${t}>${xs.join('')}</${t}>`),
      fc
        .tuple(fc.array(atom, { maxLength: 3 }), fc.array(atom, { maxLength: 3 }))
        .map(([a, b]) => `<a href="https://t.me/x?a=1&amp;b=2"><b>${a.join('')}</b>${b.join('')}</a>`),
    );
    fc.assert(
      fc.property(fc.array(run, { maxLength: 40 }), fc.integer({ min: 1, max: 120 }), (runs, max) => {
        const html = runs.join('');
        const text = visibleText(html);
        expect(visibleLength(html)).toBe(text.length);
        const fitted = fitHtml(html, max);
        const shown = visibleText(fitted.html);
        expect(shown.length).toBeLessThanOrEqual(max);
        expect(LONE_SURROGATE.test(shown)).toBe(false);
        if (!fitted.cut) {
          expect(fitted.html).toBe(html);
          return;
        }
        expect(shown.endsWith('…')).toBe(true);
        expect(text.startsWith(shown.slice(0, -1))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
