// The local Telegram in a process of its own for the push-rate bench (Telegram is another machine: its
// work must not be counted against the sender). Prints one JSON line {apiRoot, control}; the control
// server opens chats and reports what the fake received.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalTelegram } from '../../bot/local-telegram/bot-api';

const token = process.argv[2];
const tg = createLocalTelegram({ token, maxRecordedCalls: 200_000 });
const apiRoot = await tg.listen();

const control = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://local');
  const n = (k: string) => Number(url.searchParams.get(k));
  const json = (v: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(v));
  if (url.pathname === '/chats') {
    for (let id = n('from'); id <= n('to'); id++) tg.setProfile({ id, first_name: 'Пользователь' });
    return json({ ok: true });
  }
  if (url.pathname === '/stats') {
    const sent = tg.calls.filter((c) => c.method === 'sendMessage' && c.ok);
    const paidBroadcast = sent.filter((c) => c.params.allow_paid_broadcast === true).length;
    return json({ sends: sent.length, paidBroadcast, maxPerWindow: tg.maxSendsPerWindow(n('window') || 1000) });
  }
  if (url.pathname === '/reset') {
    tg.calls.length = 0;
    return json({ ok: true });
  }
  res.writeHead(404).end();
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
console.log(JSON.stringify({ apiRoot, control: `http://127.0.0.1:${(control.address() as AddressInfo).port}` }));

const stop = async () => {
  control.close();
  await tg.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
