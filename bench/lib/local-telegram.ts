// The local Telegram in a process of its own for the push-rate bench (Telegram is another machine: its
// work must not be counted against the sender). Prints one JSON line {apiRoot, control}; the control
// server opens chats and reports what the fake received.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createTestTelegram } from '../../test/test-telegram';

const token = process.argv[2];
const tg = createTestTelegram({ token, maxRecordedCalls: 200_000 });
const apiRoot = await tg.listen();

const n = (v: string | undefined) => Number(v);
const control = new Hono()
  .get('/chats', (c) => {
    for (let id = n(c.req.query('from')); id <= n(c.req.query('to')); id++) tg.setProfile({ id, first_name: 'Пользователь' });
    return c.json({ ok: true });
  })
  .get('/stats', (c) => {
    const sent = tg.calls.filter((call) => call.method === 'sendMessage' && call.ok);
    const paidBroadcast = sent.filter((call) => call.params.allow_paid_broadcast === true).length;
    return c.json({ sends: sent.length, paidBroadcast, maxPerWindow: tg.maxSendsPerWindow(n(c.req.query('window')) || 1000) });
  })
  .get('/reset', (c) => {
    tg.calls.length = 0;
    return c.json({ ok: true });
  });
const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
  const s = serve({ fetch: control.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
});
console.log(JSON.stringify({ apiRoot, control: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));

const stop = async () => {
  server.close();
  await tg.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
