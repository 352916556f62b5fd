// Readings: the server checks access, takes the spread from the day's quota and deals the cards, in one
// transaction, so a reading exists exactly when a spread was charged for it.
import * as readingsRepo from '../db/repositories/readings';
import * as usageRepo from '../db/repositories/usage';
import * as usersRepo from '../db/repositories/users';
import { noteOf } from '../db/repositories/journal';
import { findPerson } from '../db/repositories/people';
import type { AboutPerson } from '../domain/reading/about-person';
import { CUSTOM_SPREAD_TYPE, type CustomSpreadSnapshot } from '../domain/tarot/custom-spreads';
import { aboutPersonOf } from './people';
import { activeRole, isActiveMember } from '../db/repositories/pairs';
import type { Reading, User } from '../db/schema';
import { CARD_BY_ID, CARD_IDS, DECK, cardMeaning } from '../domain/tarot/deck';
import { deal } from '../domain/tarot/deal';
import { validateQuestion } from '../domain/reading/question-input';
import { checkOwnCards, ownDeckLabel, type OwnCardInput } from '../domain/tarot/own-deck';
import { getSpread, positionNamesFor, spreadOf, SPREADS, spreadLabel } from '../domain/tarot/spreads';
import {
  entitlementOf,
  canUseSpread,
  dailySpreadLimit,
  interpretationLevel,
  spreadLimitText,
  type SpreadAccessVerdict,
} from '../domain/commerce/entitlement';
import { userDay } from '../domain/text/day';
import { formatDurationWords } from '../domain/text/time';
import { cardsWord } from '../domain/text/plural';
import type { DealtCard, Orientation, SpreadDefinition, SpreadType } from '../domain/types';
import { archiveWindowStart, readableReading } from './archive-rule';
import type { ServiceDeps } from './deps';
import { createCareService } from './crisis';
import { ServiceError } from './errors';
import { rewardFirstReading } from './referrals';
import { takeUserLimit } from './user-limits';
import { createMicroSpreadReading } from './payments/micro-spread';
import type { UserService } from './users';

export interface DealtCardView {
  position: number;
  positionName: string;
  cardId: string;
  name: string;
  suit: string;
  image: string;
  orientation: Orientation;
  reversed: boolean;
  keywords: string[];
  meaning: string;
}

export interface ReadingView {
  id: number;
  spreadType: string;
  spreadName: string;
  question: string;
  level: 'basic' | 'premium';
  status: Reading['status'];
  interpretation: string | null;
  cards: DealtCardView[];
  createdAt: string;
  /** The user's own note (journal). */
  note: string | null;
  /** The user entered the cards from a physical deck («своя колода»; `spreadName` carries the mark too). */
  ownDeck: boolean;
  /** How many cards (in dealing order) are turned on the table; all of them once the reading is read. */
  turned: number;
  /** How many cards were dealt (the archive shows `cards` only once turned). */
  total: number;
  /** Still on the table: dealt (and charged) but never read; the app offers «Продолжить расклад». */
  inProgress: boolean;
  /** «Люди»: whom the reading was asked about (its name and relation then), or null. */
  person: { name: string; relation: string } | null;
  /** «Свои расклады»: each position's grid cell, in dealing order; null for the catalogue's spreads. */
  layout: { x: number; y: number }[] | null;
}

export function cardView(c: DealtCard, positionName: string): DealtCardView {
  const card = CARD_BY_ID.get(c.cardId)!;
  return {
    position: c.position,
    positionName,
    cardId: card.id,
    name: card.name,
    suit: card.suit,
    image: card.image,
    orientation: c.orientation,
    reversed: c.orientation === 'reversed',
    keywords: c.orientation === 'reversed' ? card.reversedKeywords : card.keywords,
    meaning: cardMeaning(card, c.orientation),
  };
}

/** Dealt and never read, its cards turned one by one on the table (`turned_count` recorded as they go). */
const onTable = (r: Reading) => r.status === 'dealt' && r.interpretation === null && r.turned_count !== null;

/** A reading as a viewer sees it (with the viewer's own note, when loaded): only the cards that are turned. */
export const readingView = (r: Reading & { note?: string | null }): ReadingView => viewOf(r, false);
/** Its owner's table: every dealt card, the unturned ones shown face down by the app. */
const tableView = (r: Reading & { note?: string | null }): ReadingView => viewOf(r, true);

function viewOf(r: Reading & { note?: string | null }, dealt: boolean): ReadingView {
  const positions = r.custom_spread ? r.custom_spread.positions.map((p) => p.name) : positionNamesFor(r.spread_type, r.first_month);
  const inProgress = onTable(r);
  const turned = r.turned_count === null ? r.cards.length : Math.min(r.turned_count, r.cards.length);
  // A read reading with a count of 0 is from before the count was kept: all of its cards were read.
  const limit = inProgress ? turned : r.turned_count ? turned : r.cards.length;
  const shown = dealt && inProgress ? r.cards : r.cards.filter((c) => c.position < limit);
  return {
    id: r.id,
    spreadType: r.spread_type,
    spreadName: ownDeckLabel(r.custom_spread?.name ?? spreadLabel(r.spread_type), r.own_deck),
    question: r.question,
    level: r.level,
    status: r.status,
    interpretation: r.interpretation,
    cards: shown.map((c) => cardView(c, positions[c.position] ?? `Карта ${c.position + 1}`)),
    createdAt: r.created_at.toISOString(),
    note: r.note ?? null,
    ownDeck: r.own_deck,
    turned: inProgress || r.turned_count ? turned : r.cards.length,
    total: r.cards.length,
    inProgress,
    person: r.person ? { name: r.person.name, relation: r.person.relation } : null,
    layout: r.custom_spread ? r.custom_spread.positions.map((p) => ({ x: p.x, y: p.y })) : null,
  };
}

/** The bot's spread menu: each spread with the user's access to it, or why no reading is possible today. */
export type SpreadMenu =
  | { ok: true; spreads: { id: SpreadType; locked: null | Extract<SpreadAccessVerdict, { ok: false }>['reason'] }[] }
  | { ok: false; message: string };

/** 429 with the time until the user's counters restart (`resetsAt`: their counting day's end). */
function limitReachedError(now: Date, resetsAt: Date, message: string): ServiceError {
  const ms = resetsAt.getTime() - now.getTime();
  return new ServiceError('limit_reached', `${message} Новые расклады через ${formatDurationWords(ms)}.`, {
    resetsAt: resetsAt.toISOString(),
    retryAfterSeconds: Math.ceil(ms / 1000),
  });
}

export function createReadingService(deps: ServiceDeps, users: UserService) {
  const care = createCareService(deps);
  /** The caller's saved person as the reading keeps them; 404 naming the field for anyone else's. */
  async function personFor(userId: number, id: number): Promise<AboutPerson> {
    const p = await findPerson(deps.db, userId, id);
    if (!p) throw new ServiceError('not_found', 'personId: человек не найден');
    return aboutPersonOf(p);
  }
  /**
   * Takes one spread from today's quota (the spread/use and free-spread/use calls, and the first
   * step of every reading). Must run inside the caller's transaction when a reading follows.
   */
  async function chargeSpread(q: ServiceDeps['db'], userId: number, freeSpread: boolean) {
    // Everything here runs on `q`: inside a transaction a second connection could wait forever for the first.
    const user = await usersRepo.findUser(q, userId);
    if (!user) throw new ServiceError('not_found', 'Пользователь не найден');
    const now = deps.clock();
    const e = entitlementOf(user, now, deps.specialAccessUserIds);
    const { day, endsAt } = userDay(user, now);
    const used = await usageRepo.consumeSpread(q, userId, day, dailySpreadLimit(e), freeSpread);
    if (used === null) {
      throw limitReachedError(now, endsAt, spreadLimitText(e.tier === 'free'));
    }
    await usersRepo.addTotalSpreads(q, userId, 1);
    // The first reading of a friend who came by a personal link: one more spread today for both.
    if (user.total_spreads_used === 0 && user.start_param) await rewardFirstReading(deps, q, user, day);
    return { user, entitlement: e, day };
  }

  /**
   * Takes the spread from the day's quota and stores the reading in one transaction: dealt by the server, or
   * the user's own cards (a pair's: while the pair lasts).
   */
  async function chargeAndDeal(
    user: User,
    spread: SpreadDefinition,
    question: string,
    opts: {
      pairId?: number;
      ownCards?: DealtCard[];
      requestKey?: string;
      onTable?: boolean;
      person?: AboutPerson | null;
      customSpread?: CustomSpreadSnapshot;
    } = {},
  ): Promise<Reading> {
    const { pairId, ownCards, requestKey } = opts;
    const taken = new Error('request key taken');
    const dealt = deps.db.transaction().execute(async (trx) => {
      if (pairId !== undefined && !(await isActiveMember(trx, pairId, user.id))) throw new ServiceError('not_found', 'Пара не найдена');
      const charged = await chargeSpread(trx, user.id, spread.isFree);
      const reading: readingsRepo.NewReading = {
        userId: user.id,
        spreadType: spread.id,
        question,
        cards: ownCards ?? deal(CARD_IDS, spread.cards, deps.randomInt, { reversals: user.reversals }),
        ownDeck: !!ownCards,
        level: interpretationLevel(charged.entitlement),
        status: 'dealt',
        chargedDay: charged.day,
        // The year forecast's months start from the user's current month.
        firstMonth: spread.id === 'year_forecast' ? Number(charged.day.slice(5, 7)) : null,
        pairId: pairId ?? null,
        person: opts.person ?? null,
        customSpread: opts.customSpread ?? null,
        createdAt: deps.clock(),
        // The app's table turns the server's cards one by one and records each turn; any other reading (the
        // bot's chat reading, a pair's, the user's own cards, another client's) is shown whole.
        ...(opts.onTable ? { turnedCount: 0 } : {}),
      };
      if (!requestKey) return readingsRepo.insertReading(trx, reading);
      // Another copy of the same request dealt it first: this charge is rolled back, and that reading answers.
      const inserted = await readingsRepo.insertKeyedReading(trx, reading, requestKey);
      if (!inserted) throw taken;
      return inserted;
    });
    if (!requestKey) return dealt;
    // A copy that lost the race failed on the spent quota (the other's charge committed first) or on the key:
    // either way the reading the other copy dealt is the answer.
    return dealt.catch(async (err) => {
      const existing = await readingsRepo.findReadingByRequestKey(deps.db, user.id, requestKey);
      if (!existing) throw err;
      return existing;
    });
  }

  return {
    /**
     * POST /api/readings: access check, atomic quota, server-dealt cards; or, with `ownCards`, the cards the
     * user drew from a physical deck (checked, charged as a dealt spread, marked «своя колода»).
     */
    async create(
      userId: number,
      input: {
        spreadType: string;
        question: unknown;
        microPurchaseId?: number;
        ownCards?: OwnCardInput[];
        /**
         * What asked for it, when the same request may come again (the bot's question message, which Telegram
         * redelivers after a crash): a reading already dealt under this key is returned as it is, charged once.
         */
        requestKey?: string;
        /** The app's table: the cards are turned one by one, each turn recorded; otherwise shown whole. */
        table?: boolean;
        /** «О ком вопрос?»: one of the caller's saved people (404 for anyone else's). */
        personId?: number;
      },
    ): Promise<ReadingView> {
      const spread = getSpread(input.spreadType);
      if (!spread) throw new ServiceError('bad_input', `spreadType: неизвестный тип расклада «${String(input.spreadType).slice(0, 40)}»`);
      if (spread.pairOnly) throw new ServiceError('bad_input', `spreadType: «${spread.name}» задаётся на странице пары`);
      const q = validateQuestion(input.question);
      if (!q.ok) throw new ServiceError('bad_input', q.error);
      // A crisis gets help lines, not cards: nothing is charged or dealt.
      await care.refuse([q.question]);
      const own = input.ownCards ? checkOwnCards(input.ownCards, spread) : null;
      if (own && !own.ok) throw new ServiceError('bad_input', own.error);
      if (own && input.microPurchaseId !== undefined)
        throw new ServiceError('bad_input', 'ownCards: мини-расклад пакета раскладывает сервер, свою колоду для него указать нельзя');
      // A micro pack's included 3-card reading: opened by the pack, not by the plan or the day's quota.
      if (input.microPurchaseId !== undefined)
        return readingView(
          await createMicroSpreadReading(deps, userId, {
            spreadType: spread.id,
            cards: spread.cards,
            question: q.question,
            purchaseId: input.microPurchaseId,
          }),
        );
      if (input.requestKey) {
        const existing = await readingsRepo.findReadingByRequestKey(deps.db, userId, input.requestKey);
        if (existing) return tableView(existing);
      }
      const user = await users.requireUser(userId);
      const person = input.personId === undefined ? null : await personFor(userId, input.personId);
      const verdict = canUseSpread(entitlementOf(user, deps.clock(), deps.specialAccessUserIds), spread);
      if (!verdict.ok) {
        throw new ServiceError(
          'payment_required',
          verdict.reason === 'needs_vip'
            ? `Расклад «${spread.name}» доступен только с VIP-подпиской.`
            : `Расклад «${spread.name}» доступен с подпиской.`,
          { requiredPlan: verdict.reason === 'needs_vip' ? 'vip' : 'basic', redirect: '/subscription' },
        );
      }
      return tableView(
        await chargeAndDeal(user, spread, q.question, {
          ownCards: own?.ok ? own.cards : undefined,
          requestKey: input.requestKey,
          onTable: !!input.table && !own && !input.requestKey,
          person,
        }),
      );
    },

    /**
     * A reading in the caller's own spread («Свои расклады», VIP): the server deals as many cards as it has
     * positions, and one spread is taken from the day's quota, as for any paid spread (docs/decisions.md).
     */
    async createCustom(userId: number, spread: CustomSpreadSnapshot, rawQuestion: unknown, personId?: number): Promise<ReadingView> {
      const q = validateQuestion(rawQuestion);
      if (!q.ok) throw new ServiceError('bad_input', q.error);
      await care.refuse([q.question]);
      const user = await users.requireUser(userId);
      const person = personId === undefined ? null : await personFor(userId, personId);
      // Dealt like a paid spread of its size: the catalogue's three-card spread stands in for the definition.
      const definition = {
        ...spreadOf('past_present_future'),
        id: CUSTOM_SPREAD_TYPE as SpreadType,
        cards: spread.positions.length,
        isFree: false,
      };
      return tableView(await chargeAndDeal(user, definition, q.question, { person, customSpread: spread }));
    },

    /**
     * A pair's six-card spread (readings for two): asked by the pair's inviter, who needs VIP now; one of
     * their spreads is taken in the same transaction that deals it, and only while the pair lasts.
     */
    async createForPair(userId: number, pairId: number, rawQuestion: unknown): Promise<ReadingView> {
      const spread = spreadOf('pair_reading');
      const q = validateQuestion(rawQuestion);
      if (!q.ok) throw new ServiceError('bad_input', q.error);
      const role = await activeRole(deps.db, pairId, userId);
      if (!role) throw new ServiceError('not_found', 'Пара не найдена');
      if (role !== 'inviter') throw new ServiceError('forbidden', 'Расклад на двоих задаёт пригласивший; вы увидите его на странице пары.');
      await care.refuse([q.question]);
      const user = await users.requireUser(userId);
      if (!canUseSpread(entitlementOf(user, deps.clock(), deps.specialAccessUserIds), spread).ok)
        throw new ServiceError('payment_required', `Новый «${spread.name}» доступен с VIP-подпиской пригласившего.`, {
          requiredPlan: 'vip',
          redirect: '/subscription',
        });
      return readingView(await chargeAndDeal(user, spread, q.question, { pairId }));
    },

    /** The spreads the user may choose now (the bot's /reading menu); a spent day says when spreads return. */
    async spreadMenu(userId: number): Promise<SpreadMenu> {
      const { user, status } = await users.status(userId);
      const now = deps.clock();
      if (status.remainingSpreads <= 0)
        return {
          ok: false,
          message: limitReachedError(now, userDay(user, now).endsAt, spreadLimitText(status.subscriptionType === 'free')).message,
        };
      const e = entitlementOf(user, now, deps.specialAccessUserIds);
      return {
        ok: true,
        spreads: SPREADS.map((s) => {
          const v = canUseSpread(e, s);
          return { id: s.id, locked: v.ok ? null : v.reason };
        }),
      };
    },

    /** The spec's POST /api/user/spread/use and /free-spread/use: take a spread without a reading. */
    async useSpread(userId: number, freeSpread: boolean) {
      await deps.db.transaction().execute((trx) => chargeSpread(trx, userId, freeSpread));
      return users.status(userId);
    },

    /** The caller's reading, if the archive shows it (404 for anyone else's, 402 past the window). */
    async get(userId: number, id: number): Promise<ReadingView> {
      const r = await readableReading(deps, userId, id);
      return tableView({ ...r, note: await noteOf(deps.db, userId, id) });
    },

    /**
     * POST /api/readings/:id/turned: the first `turned` cards of the caller's reading on the table are turned.
     * Idempotent and only forward (a repeated or late call changes nothing); nothing is charged.
     */
    async turn(
      userId: number,
      id: number,
      turned: number,
    ): Promise<{ readingId: number; turned: number; total: number; inProgress: boolean }> {
      const r = await readingsRepo.findReading(deps.db, id);
      if (!r || r.user_id !== userId) throw new ServiceError('not_found', 'Расклад не найден');
      if (turned > r.cards.length)
        throw new ServiceError('bad_input', `turned: в этом раскладе всего ${r.cards.length} ${cardsWord(r.cards.length)}`);
      if (onTable(r)) await readingsRepo.recordTurned(deps.db, id, turned);
      const after = (await readingsRepo.findReading(deps.db, id))!;
      const v = readingView(after);
      return { readingId: id, turned: v.turned, total: after.cards.length, inProgress: v.inProgress };
    },

    /**
     * The caller's latest reading still on the table (home's and the bot's «Продолжить расклад»), or null; only
     * within the archive's window, which every plan opens.
     */
    async inProgress(userId: number): Promise<ReadingView | null> {
      const r = await readingsRepo.findInProgress(deps.db, userId, archiveWindowStart(deps));
      return r ? tableView(r) : null;
    },

    async list(userId: number, limit: number, offset: number) {
      const [items, total] = await Promise.all([
        readingsRepo.listReadings(deps.db, userId, limit, offset),
        readingsRepo.countReadings(deps.db, userId),
      ]);
      return { readings: items.map(readingView), total, limit, offset };
    },

    /**
     * The spec's POST /api/user/reading: the client saves a reading it shows. With the server dealing,
     * a known readingId of the caller is returned as is; otherwise the named cards are recorded as a
     * history entry that charged nothing and is never sent to the AI (status 'saved').
     */
    async saveFromClient(
      userId: number,
      input: { readingId?: number; question: string; cards: string[]; interpretation?: string; spreadType?: string },
    ): Promise<{ readingId: number }> {
      if (input.readingId !== undefined) {
        const r = await readingsRepo.findReading(deps.db, input.readingId);
        if (!r || r.user_id !== userId) throw new ServiceError('not_found', 'readingId: расклад не найден');
        return { readingId: r.id };
      }
      // A saved entry is kept for good: bounded per user and day.
      await takeUserLimit(deps.db, userId, 'saved_reading', deps.clock());
      const byName = new Map(DECK.map((c) => [c.name.toLowerCase(), c.id]));
      const cards: DealtCard[] = input.cards.map((name, position) => {
        const id = CARD_BY_ID.has(name) ? name : byName.get(name.trim().toLowerCase());
        if (!id) throw new ServiceError('bad_input', `cards: неизвестная карта «${name.slice(0, 40)}»`);
        return { cardId: id, position, orientation: 'upright' as Orientation };
      });
      // Today's daily card keeps the orientation it was dealt with (the client names the card only).
      if ((input.spreadType ?? 'free_daily') === 'free_daily' && cards.length > 0) {
        const user = await usersRepo.findUser(deps.db, userId);
        const usage = user ? await usageRepo.findUsage(deps.db, userId, userDay(user, deps.clock()).day) : undefined;
        if (usage?.daily_card_id === cards[0].cardId && usage.daily_card_orientation) cards[0].orientation = usage.daily_card_orientation;
      }
      const r = await readingsRepo.insertReading(deps.db, {
        userId,
        spreadType: input.spreadType ?? 'free_daily',
        question: input.question,
        cards,
        level: 'basic',
        status: 'saved',
        interpretation: input.interpretation ?? null,
        chargedDay: null,
      });
      return { readingId: r.id };
    },
  };
}
