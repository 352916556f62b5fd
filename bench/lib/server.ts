// The server under test of the api-status bench, in its own process: `hello` (a bare Hono hello-world on
// @hono/node-server) or `app` (the whole app, configured from the environment like main.ts). Prints
// {"port": n} on stdout once listening; SIGTERM closes it.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { loadConfig } from '../../config';
import { configSecrets, createLogger } from '../../logger';
import { startApp } from '../../main';

let port: number;
let close: () => Promise<void>;
if (process.argv[2] === 'hello') {
  const app = new Hono().get('/', (c) => c.text('ok'));
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  port = (server.address() as AddressInfo).port;
  close = () => new Promise((resolve) => server.close(() => resolve()));
} else {
  const config = loadConfig();
  const running = await startApp(config, createLogger(config.logLevel, configSecrets(config)));
  port = running.port;
  close = running.close;
}
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.on('SIGTERM', () => {
  setTimeout(() => process.exit(1), 5_000).unref();
  void close().then(() => process.exit(0));
});
