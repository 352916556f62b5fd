// Where the server listens, read without the configuration's schema: `npm start` takes its port before zod
// and the rest of config.ts have loaded (scripts/early-server.ts). config.ts applies the same loopback rule.

/** An IPv4 address in 127.0.0.0/8, written as node:net's isIPv4 accepts one (no leading zeros). */
const LOOPBACK_IPV4 = /^127(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]\d|\d)){3}$/;

/**
 * 127.0.0.0/8, ::1 and localhost: the addresses only this machine reaches. Without node:net, whose module
 * (loaded as an ES module, with every export) and address pattern cost the early server about 7 ms.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1') return true;
  return LOOPBACK_IPV4.test(h.startsWith('::ffff:') ? h.slice('::ffff:'.length) : h);
}

/**
 * PORT and HOST as config.ts reads them, when they are plainly what config.ts accepts (default 3000 and
 * 127.0.0.1; without BOT_TOKEN, local mode, only a loopback host); null for anything else, which
 * config.ts then names. Never looser than config.ts: an address it returns is the configuration's.
 */
export function plainListenAddress(env: Record<string, string | undefined>): { port: number; host: string } | null {
  const port = env.PORT === undefined ? 3000 : /^\d{1,5}$/.test(env.PORT) ? Number(env.PORT) : Number.NaN;
  const host = env.HOST ?? '127.0.0.1';
  if (!(port <= 65535) || host === '') return null;
  const localMode = !env.BOT_TOKEN?.trim();
  return localMode && !isLoopbackHost(host) ? null : { port, host };
}
