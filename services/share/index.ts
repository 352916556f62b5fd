// Sharing a reading: its picture (PNG, cached in the database so every instance serves the same bytes once
// rendered), a signed link to it that works without Telegram's sign-in (for Telegram's servers and friends),
// and the prepared inline message the Mini App shares with shareMessage (Bot API 8.0).
import crypto from 'node:crypto';
import * as readingsRepo from '../../db/repositories/readings';
import { getOrCreateSetting } from '../../db/repositories/settings';
import * as usersRepo from '../../db/repositories/users';
import { DEFAULT_DECK, isDeckId } from '../../domain/decks';
import { DAY_MS } from '../../domain/time';
import { readableReading } from '../archive-rule';
import type { ServiceDeps, ShareDeps } from '../deps';
import { ServiceError } from '../errors';
import { readingView, type ReadingView } from '../readings';
import type { DeckId, ShareFormat } from './render';
import { summaryLine } from './summary';

export type { DeckId, ShareFormat } from './render';

export interface ImageOptions {
  format: ShareFormat;
  deck: DeckId;
  includeQuestion: boolean;
}

const LINK_TTL_S = 30 * 24 * 3600;

export const variantKey = (o: ImageOptions, status: string) => `${o.format}:${o.deck}:${o.includeQuestion ? 'q' : 'n'}:${status === 'dealt' ? 'cards' : 'text'}`;

/** The referral start parameter a shared message carries: the sharer's id. */
export const referralParam = (userId: number) => `ref_${userId}`;

export function createShareService(deps: ServiceDeps, share?: ShareDeps) {
  let key: Buffer | null = null;
  const signingKey = async () => (key ??= Buffer.from(await getOrCreateSetting(deps.db, 'share_link_key', () => crypto.randomBytes(32).toString('hex')), 'hex'));
  const payload = (id: number, o: ImageOptions, exp: number) => `${id}.${o.format}.${o.deck}.${o.includeQuestion ? 1 : 0}.${exp}`;
  const mac = async (text: string) => crypto.createHmac('sha256', await signingKey()).update(text).digest('base64url').slice(0, 32);
  // Renders in flight in this process, so a burst of requests for one picture renders it once.
  const rendering = new Map<string, Promise<Buffer>>();

  async function picture(r: ReadingView, rowStatus: string, o: ImageOptions): Promise<Buffer> {
    const variant = variantKey(o, rowStatus);
    const cached = await deps.db.selectFrom('share_images').select('png').where('reading_id', '=', r.id).where('variant', '=', variant).executeTakeFirst();
    if (cached) return Buffer.from(cached.png);
    const k = `${r.id}:${variant}`;
    let p = rendering.get(k);
    if (!p) {
      p = (async () => {
        // The renderer (a native module and the card art) loads on first use, not at start-up.
        const { renderSpreadPicture } = await import('./render');
        const png = await renderSpreadPicture(
          {
            spreadName: r.spreadName,
            question: o.includeQuestion ? r.question : null,
            summary: summaryLine(r),
            cards: r.cards.map((c) => ({ cardId: c.cardId, name: c.name, reversed: c.reversed, positionName: c.positionName })),
          },
          o.format,
          o.deck,
        );
        await deps.db
          .insertInto('share_images')
          .values({ reading_id: r.id, variant, png })
          .onConflict((oc) => oc.columns(['reading_id', 'variant']).doNothing())
          .execute();
        return png;
      })().finally(() => rendering.delete(k));
      rendering.set(k, p);
    }
    return p;
  }

  async function load(id: number) {
    const row = await readingsRepo.findReading(deps.db, id);
    if (!row) throw new ServiceError('not_found', 'Расклад не найден');
    return row;
  }

  async function signedPath(id: number, o: ImageOptions): Promise<string> {
    const exp = Math.floor(deps.clock().getTime() / 1000) + LINK_TTL_S;
    const q = new URLSearchParams({ format: o.format, deck: o.deck, question: o.includeQuestion ? '1' : '0', exp: String(exp), sig: await mac(payload(id, o, exp)) });
    return `/api/readings/${id}/image?${q}`;
  }

  const absolute = (p: string) => {
    const base = share?.publicUrl();
    return base ? new URL(p, `${base}/`).toString() : p;
  };

  return {
    /** The deck the user chose in settings: pictures are drawn in it unless a deck is named. */
    async deckOf(userId: number): Promise<DeckId> {
      const user = await usersRepo.findUser(deps.db, userId);
      return user && isDeckId(user.deck) ? user.deck : DEFAULT_DECK;
    },

    /** The owner's picture. */
    async imageForOwner(userId: number, id: number, o: ImageOptions): Promise<Buffer> {
      const row = await readableReading(deps, userId, id);
      return picture(readingView(row), row.status, o);
    },

    /** The picture behind a signed link (anyone holding it); 403 for a wrong or expired signature. */
    async imageBySignature(id: number, o: ImageOptions, exp: number, sig: string): Promise<Buffer> {
      const want = await mac(payload(id, o, exp));
      const ok = sig.length === want.length && crypto.timingSafeEqual(Buffer.from(sig), Buffer.from(want));
      if (!ok) throw new ServiceError('forbidden', 'sig: ссылка недействительна');
      if (exp * 1000 < deps.clock().getTime()) throw new ServiceError('forbidden', 'exp: срок действия ссылки истёк');
      const row = await load(id);
      return picture(readingView(row), row.status, o);
    },

    signedPath,

    /**
     * Everything the Mini App needs to share: signed links to the story and card pictures, the referral link,
     * and (when the bot can) a prepared inline message for shareMessage.
     */
    async prepare(userId: number, id: number, o: { deck: DeckId; includeQuestion: boolean }) {
      const row = await readableReading(deps, userId, id);
      const r = readingView(row);
      const storyUrl = absolute(await signedPath(id, { ...o, format: 'story' }));
      const cardUrl = absolute(await signedPath(id, { ...o, format: 'card' }));
      const bot = (await share?.botUsername()) ?? null;
      const appLink = bot ? `https://t.me/${bot}?startapp=${referralParam(userId)}` : null;
      let preparedMessageId: string | null = null;
      // Telegram fetches the picture itself: the link must be absolute (PUBLIC_URL; the local Telegram in local mode).
      if (share?.savePreparedInlineMessage && appLink && /^https?:\/\//.test(cardUrl)) {
        const caption = `🔮 ${r.spreadName}\n${summaryLine(r)}`;
        const prepared = await share.savePreparedInlineMessage(
          userId,
          {
            type: 'photo',
            id: `reading-${id}-${crypto.randomBytes(4).toString('hex')}`,
            photo_url: cardUrl,
            thumbnail_url: cardUrl,
            photo_width: 1200,
            photo_height: 630,
            caption,
            reply_markup: { inline_keyboard: [[{ text: '🔮 Сделать свой расклад', url: appLink }]] },
          },
          { allow_user_chats: true, allow_bot_chats: false, allow_group_chats: true, allow_channel_chats: true },
        );
        preparedMessageId = prepared.id;
      }
      return { storyUrl, cardUrl, appLink, startParam: referralParam(userId), preparedMessageId, caption: summaryLine(r) };
    },

    /** Forgets cached pictures older than `days` (they are rendered again on demand). */
    async prune(now: Date = deps.clock(), days = 30): Promise<void> {
      await deps.db.deleteFrom('share_images').where('created_at', '<', new Date(now.getTime() - days * DAY_MS)).execute();
    },
  };
}
