// A reading's picture, to share: the owner's JPEG (story 1080×1920 or card 1200×630), the same behind a
// signed link (no Telegram sign-in: for Telegram's servers and the people it is shared with), and the share
// kit the Mini App uses (signed links, the referral link, a prepared inline message). Pictures are drawn in
// worker threads; too many at once answer 429 with Retry-After (services/share/pool.ts).
import { Hono, type Context, type Next } from 'hono';
import { z } from 'zod';
import type { Services } from '../../services';
import { DEFAULT_DECK, type DeckId } from '../../domain/decks';
import type { ImageOptions } from '../../services/share';
import type { AppEnv } from '../auth';
import { fail, ok, validate } from '../http';
import { deck, flag, readingIdParam } from '../schemas';

const imageQuery = z.object({
  format: z.enum(['story', 'card'], { error: 'ожидается story или card' }).default('story'),
  // Unset: the deck the user chose in settings (a signed link always names its deck).
  deck: deck.optional(),
  question: z.enum(['0', '1'], { error: 'ожидается 0 или 1' }).default('0'),
});
const signedQuery = imageQuery.extend({
  deck: deck.default(DEFAULT_DECK),
  exp: z.coerce.number({ error: 'ожидается время' }).int().positive().max(1e11),
  sig: z.string().regex(/^[\w-]{16,64}$/, 'ожидается подпись'),
});
const shareBody = z
  .object({
    deck: deck.optional(),
    includeQuestion: flag.optional(),
  })
  .optional();

const options = (q: z.infer<typeof imageQuery>, deck: DeckId): ImageOptions => ({ format: q.format, deck: q.deck ?? deck, includeQuestion: q.question === '1' });

const jpeg = (c: Context, bytes: Buffer, cache: string) =>
  c.body(new Uint8Array(bytes), 200, { 'Content-Type': 'image/jpeg', 'Content-Length': String(bytes.length), 'Cache-Control': cache });

/** Mounted before the signed-in /api group: answers requests that carry a signature, passes the rest on. */
export const signedImage = (s: Services) => async (c: Context, next: Next) => {
  if (!c.req.query('sig')) return next();
  const id = readingIdParam.safeParse(c.req.param());
  if (!id.success) return fail(c, 400, 'id: ожидается числовой id расклада');
  const q = signedQuery.safeParse(c.req.query());
  if (!q.success) {
    const issue = q.error.issues[0];
    return fail(c, 400, `${issue.path.join('.') || 'query'}: ${issue.message}`);
  }
  const bytes = await s.share.imageBySignature(id.data.id, options(q.data, q.data.deck), q.data.exp, q.data.sig);
  return jpeg(c, bytes, 'public, max-age=86400');
};

export const shareRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .get('/readings/:id/image', validate('param', readingIdParam), validate('query', imageQuery), async (c) => {
      const o = options(c.req.valid('query'), await s.share.deckOf(c.var.userId));
      return jpeg(c, await s.share.imageForOwner(c.var.userId, c.req.valid('param').id, o), 'private, max-age=3600');
    })
    .post('/readings/:id/share', validate('param', readingIdParam), validate('json', shareBody), async (c) => {
      const b = c.req.valid('json') ?? {};
      return ok(c, await s.share.prepare(c.var.userId, c.req.valid('param').id, { deck: b.deck ?? (await s.share.deckOf(c.var.userId)), includeQuestion: b.includeQuestion ?? false }));
    });
