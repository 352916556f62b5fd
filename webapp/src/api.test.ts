import { describe, expect, it } from 'vitest';
import { createSseParser } from './api';

describe('SSE parser', () => {
  it('joins events split across chunks anywhere, with CRLF and comments', () => {
    const events: [string, string][] = [];
    const feed = createSseParser((e, d) => events.push([e, d]));
    const stream = ': hi\r\nevent: delta\r\ndata: {"text":"При"}\r\n\r\nevent: delta\ndata: {"text":"вет"}\n\nevent: done\ndata: {"fallback":false}\n\n';
    for (let i = 0; i < stream.length; i += 7) feed(stream.slice(i, i + 7));
    expect(events).toEqual([
      ['delta', '{"text":"При"}'],
      ['delta', '{"text":"вет"}'],
      ['done', '{"fallback":false}'],
    ]);
  });

  it('joins multi-line data and keeps an unfinished event until its blank line', () => {
    const events: [string, string][] = [];
    const feed = createSseParser((e, d) => events.push([e, d]));
    feed('data: a\ndata: b\n\nevent: error\ndata: {"message":"x"}');
    expect(events).toEqual([['message', 'a\nb']]);
    feed('\n\n');
    expect(events[1]).toEqual(['error', '{"message":"x"}']);
  });
});

describe('error messages users read', () => {
  it('are Russian: the field name and English asides go, English and developer messages become Russian', async () => {
    const { userMessage, GENERIC_ERROR } = await import('./api');
    expect(userMessage('question: не меньше 3 символов', 400)).toBe('не меньше 3 символов');
    expect(userMessage('Микро-пакет не оплачен (micro not purchased)', 402)).toBe('Микро-пакет не оплачен');
    expect(userMessage('Расклад «Кельтский крест» доступен только с VIP-подпиской.', 402)).toBe('Расклад «Кельтский крест» доступен только с VIP-подпиской.');
    expect(userMessage('OpenAI client not initialized. Please check your API key configuration.', 502)).toBe(GENERIC_ERROR);
    expect(userMessage('HTTP 500: Internal Server Error', 500)).toBe(GENERIC_ERROR);
    expect(userMessage('Failed to fetch', 0)).toMatch(/^[^A-Za-z]+$/);
  });
});
