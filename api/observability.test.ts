// The operator's view through the real app: request ids in structured logs without secrets, metrics
// behind a token, readiness, security headers that still let Telegram frame the app, and throttled
// failed sign-ins.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILED_AUTH_PER_MINUTE } from './auth';
import { createHarness, type Harness } from '../test/harness';

describe('observability and hardening', () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('pglite', { logger: pino({ level: 'info' }, sink), metricsToken: 'metrics-token-for-tests-0123' });
  });
  afterAll(() => h.close());

  it('logs one JSON line per request with its request id and no secrets', async () => {
    const auth = h.authFor({ id: 61_001, first_name: 'Лог' });
    const res = await h.app.request('/api/user/status', { headers: { Authorization: auth, 'X-Request-Id': 'req-abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('req-abc-123');
    const line = lines.find((l) => l.reqId === 'req-abc-123');
    expect(line).toMatchObject({ msg: 'request', method: 'GET', path: '/api/user/status', status: 200 });
    const generated = await h.app.request('/api/cards', { headers: { Authorization: auth } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const all = JSON.stringify(lines);
    expect(all).not.toContain(auth.slice(4, 40));
    expect(all).not.toContain('hash=');
  });

  it('serves Prometheus metrics only with the token', async () => {
    await h.call(61_002, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что скажут метрики?' });
    expect((await h.app.request('/metrics')).status).toBe(401);
    expect((await h.app.request('/metrics', { headers: { Authorization: 'Bearer wrong-token-wrong-token' } })).status).toBe(401);
    const res = await h.app.request('/metrics', { headers: { Authorization: 'Bearer metrics-token-for-tests-0123' } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/http_requests_total\{method="POST",route="\/api\/readings",status="201"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_bucket/);
    expect(text).toMatch(/tarot_readings_total\{status="dealt"\} 1/);
    expect(text).toContain('tarot_payments_total');
    expect(text).toContain('tarot_push_total');
  });

  it('answers readiness once every migration is applied', async () => {
    const res = await h.call(null, 'GET', '/api/ready');
    expect(res).toMatchObject({ status: 200, body: { success: true, data: { status: 'ready' } } });
  });

  it('sends security headers: API answers may not be run, loaded or framed by anyone', async () => {
    const res = await h.app.request('/api/health');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    // The page-only headers are not sent with data.
    expect(res.headers.get('referrer-policy')).toBeNull();
    const status = await h.app.request('/api/user/status', { headers: { Authorization: h.authFor(61_010) } });
    expect(status.status).toBe(200);
    expect(status.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
  });

  it("lets the page run its own inline scripts only, each by its hash in the page's CSP", async () => {
    // The shell's greeting (webapp/index.html) runs before any script file: a browser runs it only if the
    // policy names its exact text.
    const html = fs.readFileSync(new URL('../webapp/index.html', import.meta.url), 'utf8');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline.length).toBeGreaterThan(0);
    const csp = (await h.app.request('/')).headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src ')) ?? '';
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    for (const code of inline) expect(scriptSrc).toContain(`'sha256-${crypto.createHash('sha256').update(code).digest('base64')}'`);
  });

  it('throttles failed sign-ins per client address without locking others out', async () => {
    const attacker = { Authorization: 'tma user=%7B%22id%22%3A1%7D&hash=00', 'X-Forwarded-For': '203.0.113.7' };
    for (let i = 0; i < FAILED_AUTH_PER_MINUTE; i++)
      expect((await h.app.request('/api/user/status', { headers: attacker })).status).toBe(401);
    const blocked = await h.app.request('/api/user/status', { headers: attacker });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await blocked.json()).error).toMatch(/^Authorization: слишком много неудачных попыток/);
    const honest = await h.app.request('/api/user/status', {
      headers: { Authorization: h.authFor(61_003), 'X-Forwarded-For': '198.51.100.4' },
    });
    expect(honest.status).toBe(200);
  });
});
