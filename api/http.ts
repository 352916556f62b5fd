// The HTTP envelope ({success, data} / {success: false, error}), the one error boundary, and the zod
// validator that names the bad field.
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { zValidator } from '@hono/zod-validator';
import * as z from 'zod';
import type { ZodType } from 'zod';
// The one locale by its own module: `z.locales.ru` would bring every language's messages into the server's bundle.
import ru from 'zod/v4/locales/ru.js';
import { ServiceError, type ServiceErrorCode } from '../services/errors';
import type { Logger } from '../logger';
import { requestLog } from './observability';
import { isDatabaseUnavailable } from '../db/errors';

// Validation messages are shown to users: Russian for the ones our schemas do not spell out.
z.config(ru());

/**
 * A success: `{ success: true, data }`. The data's type and the status travel in the route's type, so the web
 * app's `hono/client` calls are typed by what the route answers (after JSON: dates become strings).
 */
export const ok = <T, S extends ContentfulStatusCode = 200>(c: Context, data: T, status: S = 200 as S) =>
  c.json({ success: true as const, data }, status);

/** A refusal: `{ success: false, error }` with the Russian message (starting with the field's name on a 400). */
export const fail = <S extends ContentfulStatusCode, X extends Record<string, unknown> = Record<never, never>>(
  c: Context,
  status: S,
  error: string,
  extra?: X,
) => c.json({ success: false as const, error, ...(extra as X) }, status);

const STATUS: Record<ServiceErrorCode, ContentfulStatusCode> = {
  bad_input: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  limit_reached: 429,
  crisis: 422,
  unavailable: 503,
};

export function errorHandler(logger: Logger): ErrorHandler {
  return (err, c) => {
    if (err instanceof ServiceError) {
      if (err.code === 'limit_reached' && typeof err.details?.retryAfterSeconds === 'number')
        c.header('Retry-After', String(err.details.retryAfterSeconds));
      // Counted, never the text: the request's own log line carries the path.
      if (err.code === 'crisis') requestLog(c, logger).info({ crisis: true }, 'crisis answer: help lines instead of cards');
      return fail(c, STATUS[err.code], err.message, err.details);
    }
    if (err instanceof HTTPException) {
      const status = err.status as ContentfulStatusCode;
      const message =
        status === 413
          ? 'body: тело запроса слишком большое'
          : /json/i.test(err.message)
            ? 'body: некорректный JSON'
            : err.message || 'Ошибка запроса';
      return fail(c, status, message);
    }
    if (err instanceof SyntaxError || err instanceof URIError) return fail(c, 400, 'body: некорректные данные запроса');
    if (isDatabaseUnavailable(err)) {
      requestLog(c, logger).warn({ err, path: c.req.path }, 'database unavailable');
      return fail(c, 503, 'Сервис временно недоступен, попробуйте через минуту');
    }
    requestLog(c, logger).error({ err, path: c.req.path, method: c.req.method }, 'unhandled error');
    return fail(c, 500, 'Внутренняя ошибка сервера');
  };
}

export const notFound: NotFoundHandler = (c) => fail(c, 404, `Не найдено: ${c.req.method} ${c.req.path}`);

/** A zod validator whose failure answers 400 with the first bad field named. */
export const validate = <T extends ZodType, Target extends 'json' | 'query' | 'param'>(target: Target, schema: T) => {
  const validator = zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue.path.length ? issue.path.join('.') : target === 'json' ? 'body' : target;
      return fail(c, 400, `${field}: ${issue.message}`);
    }
    // PostgreSQL stores neither U+0000 nor half a surrogate pair (in text or jsonb): a 400 here, not a 500 there.
    if (hasUnstorableText(result.data)) return fail(c, 400, `${target === 'json' ? 'body' : target}: недопустимые символы в тексте`);
  });
  if (target !== 'json') return validator;
  // Deeply nested JSON is refused before it is parsed: values thousands of levels deep overflow the stack
  // later (JSON.stringify in a schema's size check, the database driver).
  const guarded: typeof validator = async (c, next) => {
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0].trim();
    if (JSON_MEDIA_TYPE.test(mediaType) && nestsDeeperThan(await c.req.text(), MAX_JSON_DEPTH))
      return fail(c, 400, 'body: слишком глубокая вложенность JSON');
    return validator(c, next);
  };
  return guarded;
};

/** No request body needs more; the client's analytics payloads and payment contexts are a few levels deep. */
const MAX_JSON_DEPTH = 64;
/** The media types Hono's json validator parses. */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** Whether JSON text opens more than `max` objects or arrays at once (brackets inside strings do not count). */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > max) return true;
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return false;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether any string in a validated value (object keys included) holds U+0000 or a lone surrogate. */
function hasUnstorableText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\0') || LONE_SURROGATE.test(v)) return true;
    } else if (v !== null && typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) {
        if (k.includes('\0') || LONE_SURROGATE.test(k)) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}
