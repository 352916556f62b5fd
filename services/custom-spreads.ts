// «Свои расклады» (VIP): a spread the user designs (2..10 named positions with optional roles, on a grid), at
// most CUSTOM_SPREADS_LIMIT, laid and read like the catalogue's spreads (services/readings.ts `createCustom`),
// and shared by a link whose token lets another VIP copy it. Anyone else is offered the plan (402 with VIP).
import crypto from 'node:crypto';
import * as spreadsRepo from '../db/repositories/custom-spreads';
import type { CustomSpreadRow } from '../db/schema';
import { canUseSpread, entitlementOf } from '../domain/commerce/entitlement';
import {
  checkCustomSpread,
  CUSTOM_GRID,
  CUSTOM_POSITIONS,
  CUSTOM_ROLES,
  CUSTOM_SPREADS_LIMIT,
  type CustomSpreadSnapshot,
} from '../domain/tarot/custom-spreads';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';
import type { createReadingService } from './readings';
import type { UserService } from './users';

/** The Mini App's start parameter of a shared spread: `spread_<token>`. */
export const SPREAD_START_PREFIX = 'spread_';

export interface CustomSpreadView extends CustomSpreadSnapshot {
  /** The share token, once the owner shared it. */
  shareToken: string | null;
}

const view = (r: CustomSpreadRow): CustomSpreadView => ({ id: r.id, name: r.name, positions: r.positions, shareToken: r.share_token });
const snapshot = (r: CustomSpreadRow): CustomSpreadSnapshot => ({ id: r.id, name: r.name, positions: r.positions });

const NEEDS_VIP = 'Свои расклады доступны с VIP-подпиской.';

export function createCustomSpreadService(deps: ServiceDeps, users: UserService, readings: ReturnType<typeof createReadingService>) {
  const db = deps.db;

  async function isVip(userId: number): Promise<boolean> {
    const user = await users.requireUser(userId);
    return canUseSpread(entitlementOf(user, deps.clock(), deps.specialAccessUserIds), { access: 'vip' }).ok;
  }
  /** 402 with the plan to offer (the app opens /subscription, as for a VIP spread). */
  async function requireVip(userId: number) {
    if (!(await isVip(userId))) throw new ServiceError('payment_required', NEEDS_VIP, { requiredPlan: 'vip', redirect: '/subscription' });
  }
  function design(input: { name?: unknown; positions?: unknown }) {
    const checked = checkCustomSpread(input);
    if (!checked.ok) throw new ServiceError('bad_input', checked.error);
    return checked.design;
  }
  async function owned(userId: number, id: number): Promise<CustomSpreadRow> {
    const r = await spreadsRepo.findSpread(db, userId, id);
    if (!r) throw new ServiceError('not_found', 'Расклад не найден');
    return r;
  }
  async function insert(userId: number, d: ReturnType<typeof design>): Promise<CustomSpreadView> {
    const row = await db.transaction().execute((trx) => spreadsRepo.insertSpread(trx, userId, d, CUSTOM_SPREADS_LIMIT));
    if (!row)
      throw new ServiceError(
        'limit_reached',
        `Можно сохранить не больше ${CUSTOM_SPREADS_LIMIT} своих раскладов. Удалите один, чтобы добавить новый.`,
      );
    return view(row);
  }

  return {
    /** The caller's spreads and what the editor needs (the grid, the roles, the limits); `canDesign` false without VIP. */
    async list(userId: number) {
      const canDesign = await isVip(userId);
      return {
        canDesign,
        spreads: canDesign ? (await spreadsRepo.listSpreads(db, userId)).map(view) : [],
        limit: CUSTOM_SPREADS_LIMIT,
        grid: CUSTOM_GRID,
        positions: CUSTOM_POSITIONS,
        roles: CUSTOM_ROLES,
      };
    },

    async create(userId: number, input: { name?: unknown; positions?: unknown }): Promise<CustomSpreadView> {
      await requireVip(userId);
      return insert(userId, design(input));
    },

    async update(userId: number, id: number, input: { name?: unknown; positions?: unknown }): Promise<CustomSpreadView> {
      await requireVip(userId);
      const d = design(input);
      const row = await spreadsRepo.updateSpread(db, userId, id, d);
      if (!row) throw new ServiceError('not_found', 'Расклад не найден');
      return view(row);
    },

    async remove(userId: number, id: number): Promise<{ deleted: true }> {
      if (!(await spreadsRepo.deleteSpread(db, userId, id))) throw new ServiceError('not_found', 'Расклад не найден');
      return { deleted: true };
    },

    /** The share link: a random token kept on the spread (the same one on every call), as a startapp link and a URL. */
    async share(userId: number, id: number): Promise<{ token: string; link: string | null; path: string }> {
      await requireVip(userId);
      const token = await spreadsRepo.shareSpread(db, userId, id, crypto.randomBytes(16).toString('base64url'));
      if (!token) throw new ServiceError('not_found', 'Расклад не найден');
      const bot = (await deps.share?.botUsername().catch(() => null)) ?? null;
      return { token, link: bot ? `https://t.me/${bot}?startapp=${SPREAD_START_PREFIX}${token}` : null, path: `/my-spreads?copy=${token}` };
    },

    /** What a shared link shows before copying: the spread's design (no owner). */
    async shared(token: string): Promise<CustomSpreadSnapshot> {
      const r = await spreadsRepo.findSharedSpread(db, token);
      if (!r) throw new ServiceError('not_found', 'token: ссылка на расклад не найдена или больше не действует');
      return { ...snapshot(r), id: 0 };
    },

    /** Copies a shared spread into the caller's own (VIP; within the limit). */
    async copy(userId: number, token: string): Promise<CustomSpreadView> {
      await requireVip(userId);
      const r = await spreadsRepo.findSharedSpread(db, token);
      if (!r) throw new ServiceError('not_found', 'token: ссылка на расклад не найдена или больше не действует');
      return insert(userId, { name: r.name, positions: r.positions });
    },

    /** Deals a reading in the caller's spread (VIP; charged as a paid spread). */
    async read(userId: number, id: number, question: unknown, personId?: number) {
      await requireVip(userId);
      return readings.createCustom(userId, snapshot(await owned(userId, id)), question, personId);
    },
  };
}
