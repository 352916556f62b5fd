// POST /api/telegram/webhook (webhook mode): Telegram's updates, checked by the secret token (not by initData)
// in the bot's handler that main.ts wires in.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { fail } from '../http';

export const telegramRoutes = (handleUpdate: (c: Context) => Response | Promise<Response>) =>
  new Hono().post(
    '/webhook',
    bodyLimit({ maxSize: 1024 * 1024, onError: (c) => fail(c, 413, 'body: тело запроса слишком большое') }),
    (c) => handleUpdate(c),
  );
