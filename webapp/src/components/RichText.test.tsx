import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseInline, parseRichText, RichText } from './RichText';

describe('markdown-like renderer', () => {
  it('turns headings, paragraphs, lists, bold and italic into blocks', () => {
    const blocks = parseRichText(
      '## Анализ карт\n\n**Шут** говорит о *новом* начале.\nВторая строка.\n\n- первое\n- второе\n\n1. раз\n2. два',
    );
    expect(blocks).toEqual([
      { kind: 'heading', inlines: [{ kind: 'text', text: 'Анализ карт' }] },
      {
        kind: 'paragraph',
        inlines: [
          { kind: 'bold', text: 'Шут' },
          { kind: 'text', text: ' говорит о ' },
          { kind: 'italic', text: 'новом' },
          { kind: 'text', text: ' начале. Вторая строка.' },
        ],
      },
      { kind: 'list', ordered: false, items: [[{ kind: 'text', text: 'первое' }], [{ kind: 'text', text: 'второе' }]] },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'раз' }], [{ kind: 'text', text: 'два' }]] },
    ]);
  });

  it('renders React elements: headings, strong, em, list items', () => {
    const html = renderToString(<RichText text={'## Общий вывод\n**Да** и *нет*\n- пункт'} />);
    expect(html).toContain('<h3>Общий вывод</h3>');
    expect(html).toContain('<strong>Да</strong>');
    expect(html).toContain('<em>нет</em>');
    expect(html).toContain('<li>пункт</li>');
  });

  it('keeps a <script> and other markup as text, never as HTML', () => {
    const evil = '## <img src=x onerror="alert(1)">\n<script>alert("x")</script> **<b>жирный</b>**';
    const html = renderToString(<RichText text={evil} />);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('<strong>&lt;b&gt;жирный&lt;/b&gt;</strong>');
  });

  it('leaves lone stars, snake_case and unfinished markup of a streaming text alone', () => {
    expect(parseInline('2 * 3 = 6')).toEqual([{ kind: 'text', text: '2 * 3 = 6' }]);
    expect(parseInline('snake_case_name')).toEqual([{ kind: 'text', text: 'snake_case_name' }]);
    expect(parseInline('**не закрыто')).toEqual([{ kind: 'text', text: '**не закрыто' }]);
  });
});
