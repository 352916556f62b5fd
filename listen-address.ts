// Where the server listens, read without the configuration's schema: `npm start` takes its port before zod
// and the rest of config.ts have loaded (scripts/early-server.ts). config.ts applies the same loopback rule.
import net from 'node:net';

/** 127.0.0.0/8, ::1 and localhost: the addresses only this machine reaches. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1') return true;
  if (net.isIPv4(h)) return h.startsWith('127.');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  return !!mapped && mapped[1].startsWith('127.');
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
