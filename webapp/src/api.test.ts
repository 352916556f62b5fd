import { describe, expect, it } from 'vitest';

describe('error messages users read', () => {
  it('are Russian: the field name and English asides go, English and developer messages become Russian', async () => {
    const { userMessage, GENERIC_ERROR } = await import('./api');
    expect(userMessage('question: не меньше 3 символов', 400)).toBe('не меньше 3 символов');
    expect(userMessage('Микро-пакет не оплачен (micro not purchased)', 402)).toBe('Микро-пакет не оплачен');
    expect(userMessage('Расклад «Кельтский крест» доступен только с VIP-подпиской.', 402)).toBe(
      'Расклад «Кельтский крест» доступен только с VIP-подпиской.',
    );
    expect(userMessage('OpenAI client not initialized. Please check your API key configuration.', 502)).toBe(GENERIC_ERROR);
    expect(userMessage('HTTP 500: Internal Server Error', 500)).toBe(GENERIC_ERROR);
    expect(userMessage('Failed to fetch', 0)).toMatch(/^[^A-Za-z]+$/);
  });
});
