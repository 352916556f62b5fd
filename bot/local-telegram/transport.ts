// The Bot API over HTTP, as a Hono app like the rest of the server: /bot<token>/<method>, parameters from
// the query and a JSON, form or multipart body, answered {ok: true, result} or {ok: false, error_code,
// description}. index.ts serves it on its own loopback port, never on the public app: the path holds the
// bot's token, which also signs initData.
import type { HttpBindings } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { MethodTable } from './methods/table';
import { parseMultipart } from './multipart';
import { ApiFailure, type Params } from './rules';

/** A Bot API call's path; `bot` is "bot" followed by the token. */
export const BOT_API_PATH = '/:bot{bot[^/]+}/:method{[A-Za-z]+}';

/** Fields whose objects arrive as JSON strings in a form or multipart body. */
const JSON_FIELDS = ['reply_markup', 'menu_button', 'commands', 'scope', 'allowed_updates', 'prices'];

/**
 * The body's bytes. Served by @hono/node-server they are read from Node's request itself: building the
 * fetch Request's body stream would cost more CPU than the rest of the call (the push bench sends 1000/s).
 */
async function readBody(c: Context): Promise<{ raw: Buffer; type: string }> {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  if (!incoming) return { raw: Buffer.from(await c.req.arrayBuffer()), type: c.req.header('content-type') ?? '' };
  const raw = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.once('end', () => resolve(Buffer.concat(chunks)));
    incoming.once('error', reject);
  });
  return { raw, type: incoming.headers['content-type'] ?? '' };
}

async function readParams(c: Context): Promise<Params> {
  const params: Params = { ...c.req.query() };
  const { raw, type } = await readBody(c);
  if (raw.length && type.includes('multipart/form-data')) {
    for (const part of parseMultipart(raw, type))
      params[part.name] =
        part.filename === null ? part.data.toString('utf8') : { upload: part.data, type: part.type, filename: part.filename };
    // grammY names a file field and refers to it as attach://<field>.
    for (const [k, v] of Object.entries(params)) if (typeof v === 'string' && v.startsWith('attach://')) params[k] = params[v.slice(9)];
  } else if (raw.length && type.includes('application/json')) Object.assign(params, JSON.parse(raw.toString('utf8')));
  else if (raw.length && type.includes('application/x-www-form-urlencoded'))
    for (const [k, v] of new URLSearchParams(raw.toString('utf8'))) params[k] = v;
  for (const k of JSON_FIELDS) {
    if (typeof params[k] === 'string') {
      try {
        params[k] = JSON.parse(params[k]);
      } catch {
        /* left as is: the method refuses it */
      }
    }
  }
  return params;
}

const parsed = new WeakMap<Request, Promise<Params>>();

/** The call's parameters, read once per request (a middleware in front may read them too); rejects on bad JSON. */
export function callParams(c: Context): Promise<Params> {
  let p = parsed.get(c.req.raw);
  if (!p) parsed.set(c.req.raw, (p = readParams(c)));
  return p;
}

export function failure(c: Context, f: { error_code: number; description: string; parameters?: Record<string, unknown> }) {
  return c.json(
    { ok: false, error_code: f.error_code, description: f.description, ...(f.parameters ? { parameters: f.parameters } : {}) },
    f.error_code as ContentfulStatusCode,
  );
}

export function botApiRoutes(token: string, methods: MethodTable, files?: Map<string, { data: Buffer; path: string }>) {
  return (
    new Hono()
      // A file the bot downloads after getFile (a user's voice note).
      .get('/file/:bot{bot[^/]+}/*', (c) => {
        if (c.req.param('bot') !== `bot${token}`) return failure(c, { error_code: 401, description: 'Unauthorized' });
        const path = c.req.path.split('/').slice(3).join('/');
        const f = [...(files?.values() ?? [])].find((x) => x.path === path);
        if (!f) return failure(c, { error_code: 404, description: 'Not Found' });
        return c.body(new Uint8Array(f.data), 200, { 'Content-Type': 'application/octet-stream' });
      })
      .all(BOT_API_PATH, async (c) => {
        if (c.req.param('bot') !== `bot${token}`) return failure(c, { error_code: 401, description: 'Unauthorized' });
        let params: Params;
        try {
          params = await callParams(c);
        } catch {
          return failure(c, { error_code: 400, description: 'Bad Request: invalid JSON' });
        }
        const method = c.req.param('method');
        if (!Object.hasOwn(methods, method)) return failure(c, { error_code: 404, description: 'Not Found: method not found' });
        try {
          // The signal only when asked for (a long poll): it makes the full fetch Request.
          const call = {
            get signal() {
              return c.req.raw.signal;
            },
          };
          return c.json({ ok: true, result: await methods[method](params, call) });
        } catch (err) {
          const f = err instanceof ApiFailure ? err : new ApiFailure(500, `Internal Server Error: ${(err as Error).message}`);
          return failure(c, { error_code: f.code, description: f.description, parameters: f.parameters });
        }
      })
      .all('*', (c) => failure(c, { error_code: 404, description: 'Not Found' }))
  );
}
