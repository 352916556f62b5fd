// Sharing a reading: its picture (JPEG, drawn in a worker thread and stored by the hash of what it shows, so
// every instance serves the same bytes once drawn), a signed link to it that works without Telegram's sign-in
// (for Telegram's servers and friends), and the prepared inline message the Mini App shares with
// shareMessage (Bot API 8.0), kept and reused until it expires.
import crypto from 'node:crypto';
import * as readingsRepo from '../../db/repositories/readings';
import { listSecondOpinions } from '../../db/repositories/second-opinions';
import { secondOpinionLine, type Voice } from '../../domain/tarot/voices';
import { getOrCreateSetting } from '../../db/repositories/settings';
import * as shareRepo from '../../db/repositories/share';
import * as usersRepo from '../../db/repositories/users';
import { DEFAULT_DECK, isDeckId } from '../../domain/tarot/decks';
import { getSpread } from '../../domain/tarot/spreads';
import { DAY_MS } from '../../domain/text/time';
import { readableReading } from '../archive-rule';
import type { ServiceDeps, ShareDeps } from '../deps';
import { ServiceError } from '../errors';
import { readingView, type ReadingView } from '../readings';
import { referralParam } from '../referrals';
import { takeUserLimit } from '../user-limits';
import { pictureHash, SHARE_SIZES, type DeckId, type PictureJob, type ShareFormat } from './picture';
import { createPicturePool, type PicturePool } from './pool';
import { shareCaption, shareLine } from './summary';

export type { DeckId, ShareFormat } from './picture';

export interface ImageOptions {
  format: ShareFormat;
  deck: DeckId;
  includeQuestion: boolean;
}

/** A signed link's life, and a stored picture's: the Basic archive's 30 days. */
const LINK_TTL_S = 30 * 24 * 3600;
const PICTURE_TTL_DAYS = 30;
/** A stored prepared message is reused until this long before Telegram's expiry (the user still has to send it). */
const MESSAGE_MARGIN_MS = 10 * 60_000;

/** A reading as shared: with the voice of its first second opinion, if it has one («Второе мнение: Аглая»). */
type SharedReading = ReadingView & { opinion?: Voice | null };

/** The line under the cards: the reading's, after «Второе мнение: …» when a second opinion was written. */
const pictureLine = (r: SharedReading, includeQuestion: boolean) => {
  const line = shareLine(r, includeQuestion);
  return r.opinion ? `${secondOpinionLine(r.opinion)} · ${line}` : line;
};

/** Up to three of the reading's cards, each opening its page in the card library (`startapp=card_<id>`). */
const SHARED_CARD_LINKS = 3;
function cardButtons(r: SharedReading, appLink: string) {
  const base = appLink.slice(0, appLink.indexOf('?'));
  return r.cards.slice(0, SHARED_CARD_LINKS).map((c) => ({ text: `🃏 ${c.name}`, url: `${base}?startapp=card_${c.cardId}` }));
}

/** What the picture of `r` shows with these options: nothing of the interpretation without the question. */
function pictureJob(r: SharedReading, o: ImageOptions): PictureJob {
  return {
    format: o.format,
    deck: o.deck,
    picture: {
      // An own-deck reading: the spread's own name, and «своя колода» on the top line (never cut off).
      spreadName: r.ownDeck ? (getSpread(r.spreadType)?.name ?? r.spreadName) : r.spreadName,
      ...(r.ownDeck ? { ownDeck: true } : {}),
      layout: getSpread(r.spreadType)?.pictureLayout ?? 'rows',
      question: o.includeQuestion ? r.question : null,
      summary: pictureLine(r, o.includeQuestion),
      cards: r.cards.map((c) => ({ cardId: c.cardId, name: c.name, reversed: c.reversed, positionName: c.positionName })),
    },
  };
}

const sha = (text: string) => crypto.createHash('sha256').update(text).digest('base64url');

export function createShareService(deps: ServiceDeps, share?: ShareDeps) {
  let key: Buffer | null = null;
  const signingKey = async () =>
    (key ??= Buffer.from(await getOrCreateSetting(deps.db, 'share_link_key', () => crypto.randomBytes(32).toString('hex')), 'hex'));
  const payload = (id: number, o: ImageOptions, exp: number) => `${id}.${o.format}.${o.deck}.${o.includeQuestion ? 1 : 0}.${exp}`;
  const mac = async (text: string) =>
    crypto
      .createHmac('sha256', await signingKey())
      .update(text)
      .digest('base64url')
      .slice(0, 32);
  // The worker threads start with the first picture drawn.
  let pool: PicturePool | null = null;
  // Pictures and prepared messages in flight in this process: a burst of requests for one makes it once.
  const drawing = new Map<string, Promise<Buffer>>();
  const preparing = new Map<string, Promise<string>>();

  /** The picture, from the store or drawn for the reading's owner (counted against their limits). */
  async function picture(ownerId: number, r: SharedReading, o: ImageOptions): Promise<Buffer> {
    const job = pictureJob(r, o);
    const hash = pictureHash(job);
    const stored = await shareRepo.findPicture(deps.db, hash);
    if (stored) {
      await shareRepo.linkPicture(deps.db, hash, r.id);
      return stored;
    }
    let p = drawing.get(hash);
    if (!p) {
      // Refused here (the owner's pictures or the queue are full) before anything is counted or drawn.
      const ticket = (pool ??= createPicturePool()).admit(ownerId);
      p = (async () => {
        try {
          const now = deps.clock();
          await takeUserLimit(deps.db, ownerId, 'share_picture_hour', now);
          await takeUserLimit(deps.db, ownerId, 'share_picture_day', now);
        } catch (err) {
          ticket.release();
          throw err;
        }
        const jpeg = await ticket.draw(job);
        await shareRepo.insertPicture(deps.db, hash, jpeg);
        // Deleting the reading's owner deletes the pictures only their readings show (db/user-data.ts).
        await shareRepo.linkPicture(deps.db, hash, r.id);
        return jpeg;
      })().finally(() => drawing.delete(hash));
      drawing.set(hash, p);
      return p;
    }
    // Another reading's draw of the same picture is in flight: this reading is linked to it too.
    const jpeg = await p;
    await shareRepo.linkPicture(deps.db, hash, r.id);
    return jpeg;
  }

  /** The reading's view with the voice of its first written second opinion. */
  async function shared(row: Parameters<typeof readingView>[0]): Promise<SharedReading> {
    const opinion = (await listSecondOpinions(deps.db, row.id)).find((o) => o.text !== null)?.voice ?? null;
    return { ...readingView(row), opinion };
  }

  async function load(id: number) {
    const row = await readingsRepo.findReading(deps.db, id);
    if (!row) throw new ServiceError('not_found', 'Расклад не найден');
    return row;
  }

  async function signedPath(id: number, o: ImageOptions): Promise<string> {
    const exp = Math.floor(deps.clock().getTime() / 1000) + LINK_TTL_S;
    const q = new URLSearchParams({
      format: o.format,
      deck: o.deck,
      question: o.includeQuestion ? '1' : '0',
      exp: String(exp),
      sig: await mac(payload(id, o, exp)),
    });
    return `/api/readings/${id}/image?${q}`;
  }

  const absolute = (p: string) => {
    const base = share?.publicUrl();
    return base ? new URL(p, `${base}/`).toString() : p;
  };

  /**
   * The prepared inline message of the reading with these options: the stored one while it has time left
   * and shows the same, else a new one (its card picture drawn first, so Telegram finds it ready).
   */
  async function preparedMessage(
    userId: number,
    r: SharedReading,
    o: { deck: DeckId; includeQuestion: boolean },
    cardUrl: string,
    appLink: string,
  ): Promise<string> {
    const save = share!.savePreparedInlineMessage!;
    const variant = `${o.deck}:${o.includeQuestion ? 'q' : 'n'}`;
    const caption = shareCaption(r, o.includeQuestion);
    const contentHash = sha(JSON.stringify([pictureHash(pictureJob(r, { ...o, format: 'card' })), caption, appLink]));
    const now = deps.clock();
    const stored = await shareRepo.findMessage(deps.db, r.id, variant);
    if (stored && stored.content_hash === contentHash && stored.expires_at.getTime() - MESSAGE_MARGIN_MS > now.getTime())
      return stored.message_id;
    const k = `${r.id}:${variant}:${contentHash}`;
    let p = preparing.get(k);
    if (!p) {
      p = (async () => {
        await picture(userId, r, { ...o, format: 'card' });
        await takeUserLimit(deps.db, userId, 'share_message', now);
        const { width, height } = SHARE_SIZES.card;
        const prepared = await save(
          userId,
          {
            type: 'photo',
            id: `reading-${r.id}-${crypto.randomBytes(4).toString('hex')}`,
            photo_url: cardUrl,
            thumbnail_url: cardUrl,
            photo_width: width,
            photo_height: height,
            caption,
            reply_markup: { inline_keyboard: [[{ text: '🔮 Сделать свой расклад', url: appLink }], cardButtons(r, appLink)] },
          },
          { allow_user_chats: true, allow_bot_chats: false, allow_group_chats: true, allow_channel_chats: true },
        );
        // Telegram says when the message expires; without a date it is not kept.
        if (prepared.expiration_date > 0)
          await shareRepo.saveMessage(deps.db, {
            readingId: r.id,
            variant,
            contentHash,
            messageId: prepared.id,
            expiresAt: new Date(prepared.expiration_date * 1000),
          });
        return prepared.id;
      })().finally(() => preparing.delete(k));
      preparing.set(k, p);
    }
    return p;
  }

  return {
    /** The deck the user chose in settings: pictures are drawn in it unless a deck is named. */
    async deckOf(userId: number): Promise<DeckId> {
      const user = await usersRepo.findUser(deps.db, userId);
      return user && isDeckId(user.deck) ? user.deck : DEFAULT_DECK;
    },

    /** The owner's picture (JPEG). */
    async imageForOwner(userId: number, id: number, o: ImageOptions): Promise<Buffer> {
      const row = await readableReading(deps, userId, id);
      return picture(userId, await shared(row), o);
    },

    /** The picture behind a signed link (anyone holding it); 403 for a wrong or expired signature. */
    async imageBySignature(id: number, o: ImageOptions, exp: number, sig: string): Promise<Buffer> {
      const want = await mac(payload(id, o, exp));
      const ok = sig.length === want.length && crypto.timingSafeEqual(Buffer.from(sig), Buffer.from(want));
      if (!ok) throw new ServiceError('forbidden', 'sig: ссылка недействительна');
      if (exp * 1000 < deps.clock().getTime()) throw new ServiceError('forbidden', 'exp: срок действия ссылки истёк');
      const row = await load(id);
      // Drawn on the owner's account: the owner made the link.
      return picture(row.user_id, await shared(row), o);
    },

    /**
     * Everything the Mini App needs to share: signed links to the story and card pictures, the referral link,
     * and (when the bot can) a prepared inline message for shareMessage.
     */
    async prepare(userId: number, id: number, o: { deck: DeckId; includeQuestion: boolean }) {
      const row = await readableReading(deps, userId, id);
      const r = await shared(row);
      const storyUrl = absolute(await signedPath(id, { ...o, format: 'story' }));
      const cardUrl = absolute(await signedPath(id, { ...o, format: 'card' }));
      const bot = (await share?.botUsername()) ?? null;
      const appLink = bot ? `https://t.me/${bot}?startapp=${referralParam(userId)}` : null;
      // Telegram fetches the picture itself: the link must be absolute (PUBLIC_URL; the local Telegram in local mode).
      const preparedMessageId =
        share?.savePreparedInlineMessage && appLink && /^https?:\/\//.test(cardUrl)
          ? await preparedMessage(userId, r, o, cardUrl, appLink)
          : null;
      return {
        storyUrl,
        cardUrl,
        appLink,
        startParam: referralParam(userId),
        preparedMessageId,
        caption: pictureLine(r, o.includeQuestion),
      };
    },

    /**
     * A picture that is no reading's (the monthly report), drawn in the same low-priority line and counted
     * against the owner's picture limits; not stored (it shows the owner's own figures).
     */
    async drawForOwner(ownerId: number, job: PictureJob): Promise<Buffer> {
      const ticket = (pool ??= createPicturePool()).admit(ownerId);
      try {
        const now = deps.clock();
        await takeUserLimit(deps.db, ownerId, 'share_picture_hour', now);
        await takeUserLimit(deps.db, ownerId, 'share_picture_day', now);
      } catch (err) {
        ticket.release();
        throw err;
      }
      return ticket.draw(job);
    },

    /** Forgets stored pictures after 30 days (drawn again when asked for) and expired prepared messages. */
    async prune(now: Date = deps.clock(), days = PICTURE_TTL_DAYS): Promise<void> {
      await shareRepo.pruneShares(deps.db, new Date(now.getTime() - days * DAY_MS), now);
    },
  };
}
