// The yardstick of the api-status bench, in its own process: a bare Hono hello-world on @hono/node-server (the
// app itself runs as the built server). Prints {"port": n} on stdout once listening; SIGTERM closes it.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().get('/', (c) => c.text('ok'));
const server: ServerType = await new Promise((resolve) => {
  const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
});
const port = (server.address() as AddressInfo).port;
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.on('SIGTERM', () => {
  setTimeout(() => process.exit(1), 5_000).unref();
  server.close(() => process.exit(0));
});
