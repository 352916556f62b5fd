// GET /api/social-proof: the subscription screen's proof: published reviews, the strip's figures and the real
// purchase counts, all counted from the database.
import { Hono } from 'hono';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok } from '../http';

export const socialProofRoutes = (s: Services) =>
  new Hono<AppEnv>().get('/', async (c) => {
    const [reviews, purchases] = await Promise.all([s.reviews.published(), s.payments.socialProof()]);
    return ok(c, { ...reviews, ...purchases });
  });
