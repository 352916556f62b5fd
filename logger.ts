// Structured JSON logs; secrets are redacted wherever they could appear. Two layers: pino's `redact` blanks
// the known fields (an Authorization header, a `token`), and every line is scrubbed as text just before it is
// written (`hooks.streamWrite`), so a secret inside a message, a stack, a URL or an error's nested cause is
// caught too: grammY's network errors carry `…/bot<token>/method` in their cause's message. What is scrubbed:
// the configured secrets themselves (the bot token, YooKassa's secret key and its Basic credential, the AI
// key, the webhook secret, the metrics token, the database's password, and local mode's generated token once
// known), anything shaped like a bot token, session and launch tokens (`st1.…`, `lt1.…`), one-time link and
// return tokens and session ids (43 characters of base64url), and what follows `tma`, `Bearer` and `Basic`.
import pino from 'pino';

export type Logger = pino.Logger;

const REDACTED = '[redacted]';

/** Secrets of each logger, added to as they become known (local mode's bot token comes from the database). */
const secretsOf = new WeakMap<Logger, Set<string>>();

/** Shapes of secrets, whatever their value. */
const PATTERNS: [RegExp, string][] = [
  // A bot token: `<bot id>:<35 characters>`, alone or inside `/bot<token>/method`.
  [/\d{5,}:[A-Za-z0-9_-]{30,}/g, REDACTED],
  // Session and launch tokens (services/identity.ts).
  [/\b(?:st1|lt1)\.\d{1,16}\.\d{1,12}\.[A-Za-z0-9_-]{20,}/g, REDACTED],
  // One-time link and return tokens, session ids: 32 random bytes as base64url.
  [/(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g, REDACTED],
  // Credentials after an authorization scheme (initData, bearer tokens, Basic user:password).
  [/\b(tma|Bearer|bearer|Basic) +[^\s"\\]{8,}/g, `$1 ${REDACTED}`],
];

/** Every spelling of a secret a log line may hold: as it is, escaped in JSON, encoded in a URL. */
function spellings(secret: string): string[] {
  return [...new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])];
}

/** The line with every secret and every token-shaped string replaced. */
export function redactSecrets(line: string, secrets: Iterable<string> = []): string {
  let out = line;
  for (const secret of secrets) for (const s of spellings(secret)) if (out.includes(s)) out = out.split(s).join(REDACTED);
  for (const [re, by] of PATTERNS) out = out.replace(re, by);
  return out;
}

/**
 * Adds a secret to redact from the lines of a logger createLogger made (and its children's). Shorter than 8 characters is not a
 * secret worth the name and would blank ordinary words.
 */
export function addLogSecret(logger: Logger, secret: string | undefined | null): void {
  if (!secret || secret.length < 8) return;
  secretsOf.get(logger)?.add(secret);
}

/** The configured secrets a logger must never write. */
export function configSecrets(c: {
  botToken?: string;
  webhookSecret?: string;
  metricsToken?: string;
  serverSecret?: string;
  databaseUrl?: string;
  openai: { apiKey?: string };
  yookassa: { shopId?: string; secretKey?: string };
}): string[] {
  const { shopId, secretKey } = c.yookassa;
  let dbPassword: string | undefined;
  try {
    dbPassword = c.databaseUrl ? decodeURIComponent(new URL(c.databaseUrl).password) || undefined : undefined;
  } catch {
    /* not a URL: config.ts refuses it anyway */
  }
  return [
    c.botToken,
    c.webhookSecret,
    c.serverSecret,
    c.metricsToken,
    dbPassword,
    c.openai.apiKey,
    secretKey,
    // YooKassa's Authorization header: Basic base64(shopId:secretKey).
    shopId && secretKey ? Buffer.from(`${shopId}:${secretKey}`).toString('base64') : undefined,
  ].filter((s): s is string => !!s);
}

export function createLogger(level: string, secrets: Iterable<string> = [], destination?: pino.DestinationStream): Logger {
  const known = new Set<string>();
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: [
        '*.authorization',
        '*.Authorization',
        'headers.authorization',
        '*.botToken',
        '*.token',
        '*.apiKey',
        '*.secretKey',
        'config.botToken',
      ],
      censor: REDACTED,
    },
    hooks: { streamWrite: (line) => redactSecrets(line, known) },
  };
  const logger = destination ? pino(options, destination) : pino(options);
  secretsOf.set(logger, known);
  for (const s of secrets) addLogSecret(logger, s);
  return logger;
}
