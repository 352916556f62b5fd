// The logger's redaction, on the lines it writes: a secret nested in an error's cause, its stack, a URL or a
// message is blanked, as are token-shaped strings whose value the logger was never told.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { addLogSecret, configSecrets, createLogger } from './logger';

const TOKEN = '7000000001:AAHtestTokenForTheTarotAppTests_0123456';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

describe('logger redaction', () => {
  it('blanks the bot token inside a nested cause, its stack and a URL; configured and added secrets anywhere', async () => {
    const { lines, stream } = capture();
    const secrets = configSecrets({
      botToken: TOKEN,
      webhookSecret: 'webhook-secret-123',
      metricsToken: 'metrics-token-456',
      databaseUrl: 'postgres://tarot:db%2Fpassword-789@db.internal:5432/tarot',
      openai: { apiKey: 'sk-the-ai-key-0123456789' },
      yookassa: { shopId: '123456', secretKey: 'live_YooKassa"Secret\\Key' },
    });
    const logger = createLogger('info', secrets, stream);
    addLogSecret(logger, 'local-generated-token-42');
    const cause = new Error(`request to http://127.0.0.1:9/bot${TOKEN}/createInvoiceLink failed`);
    const err = Object.assign(new Error("Network request for 'createInvoiceLink' failed!", { cause }), { error: cause });
    logger.child({ component: 'bot' }).error(
      {
        err,
        deep: { list: [{ note: 'key sk-the-ai-key-0123456789 and live_YooKassa"Secret\\Key' }] },
        auth: `Basic ${Buffer.from('123456:live_YooKassa"Secret\\Key').toString('base64')}`,
        local: 'local-generated-token-42',
        db: 'password authentication failed: db/password-789, metrics-token-456',
        session: 'st1.42.1900000000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
        path: `/auth/${'A'.repeat(21)}_${'b'.repeat(21)}`,
        initData: 'tma query_id=1&user=%7B%7D&hash=abcdef0123456789',
      },
      `failed with webhook-secret-123 for ${TOKEN}`,
    );
    await new Promise((r) => setImmediate(r));
    const text = lines.join('');
    for (const secret of [
      TOKEN,
      TOKEN.split(':')[1],
      'webhook-secret-123',
      'sk-the-ai-key-0123456789',
      'YooKassa',
      Buffer.from('123456:live_YooKassa"Secret\\Key').toString('base64'),
      'local-generated-token-42',
      'db/password-789',
      'metrics-token-456',
      'st1.42',
      'A'.repeat(21),
      'hash=abcdef',
    ])
      expect(text, secret).not.toContain(secret);
    expect(text).toContain('/bot[redacted]/createInvoiceLink');
    expect(text).toContain('caused by');
    expect(JSON.parse(text).msg).toBe('failed with [redacted] for [redacted]');
  });
});
