// The local Telegram refuses rich messages the way Telegram does (so the bot's fallbacks are exercised) and
// renders the ones it takes as text (what tests match) and HTML (what /dev/telegram shows).
import { describe, expect, it } from 'vitest';
import { renderRichMessage } from './rich';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as Error).message;
  }
  return null;
};

describe('rich messages in the local Telegram', () => {
  it('takes exactly one of html, markdown or blocks', () => {
    expect(refusal(() => renderRichMessage({}, false))).toMatch(/exactly one/);
    expect(refusal(() => renderRichMessage({ html: '<p>a</p>', blocks: [] }, false))).toMatch(/exactly one/);
  });

  it('refuses a thinking block outside a draft, and media by URL inside one', () => {
    const thinking = { blocks: [{ type: 'thinking', text: 'Думаю…' }] };
    expect(refusal(() => renderRichMessage(thinking, false))).toMatch(/RICH_VALIDATE_CTOR_NOT_ALLOWED/);
    expect(renderRichMessage(thinking, true).text).toBe('Думаю…');
    const collage = {
      blocks: [{ type: 'collage', blocks: [{ type: 'photo', photo: { type: 'photo', media: 'https://x.example/a.jpg' } }] }],
    };
    expect(refusal(() => renderRichMessage(collage, true))).toMatch(/RICH_DRAFT_MEDIA_URL_NOT_SUPPORTED/);
    expect(renderRichMessage(collage, false).html).toContain('<img src="https://x.example/a.jpg"');
  });

  it('renders headings, tables, details and quotations as text and escaped HTML', () => {
    const r = renderRichMessage(
      {
        blocks: [
          { type: 'heading', size: 3, text: 'Расклад <дня>' },
          {
            type: 'table',
            is_compact: true,
            cells: [
              [
                { text: 'Позиция', is_header: true, align: 'left', valign: 'top' },
                { text: 'Шут', align: 'left', valign: 'top' },
              ],
            ],
          },
          { type: 'details', summary: [{ type: 'bold', text: 'Шут' }], blocks: [{ type: 'paragraph', text: 'Новое начало.' }] },
          { type: 'blockquote', blocks: [{ type: 'paragraph', text: 'Доверьтесь себе.' }] },
        ],
      },
      false,
    );
    expect(r.text).toBe('Расклад <дня>\nПозиция | Шут\nШут\nНовое начало.\nДоверьтесь себе.');
    expect(r.html).toContain('<h3>Расклад &lt;дня&gt;</h3>');
    expect(r.html).toContain('<details><summary><b>Шут</b></summary><p>Новое начало.</p></details>');
    expect(r.html).toContain('<table class="compact"><tr><th>Позиция</th><td>Шут</td></tr></table>');
    expect(r.html).toContain('<blockquote><p>Доверьтесь себе.</p></blockquote>');
  });

  it('refuses a table cell without its alignment and a kind it does not know', () => {
    expect(refusal(() => renderRichMessage({ blocks: [{ type: 'table', cells: [[{ text: 'a' }]] }] }, false))).toMatch(/align/);
    expect(refusal(() => renderRichMessage({ blocks: [{ type: 'map_of_everything' }] }, false))).toMatch(/CTOR_NOT_ALLOWED/);
  });
});
