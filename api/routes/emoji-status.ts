// «Карта дня в статусе»: GET /api/emoji-status — the offer for today's card ({ customEmojiId } or null);
// POST /api/emoji-status/offered — the app made the offer (accepted or dismissed): never again.
import { Hono } from 'hono';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok } from '../http';

export const emojiStatusRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .get('/', async (c) => ok(c, await s.emojiStatus.offer(c.var.userId)))
    .post('/offered', async (c) => ok(c, await s.emojiStatus.markOffered(c.var.userId)));
