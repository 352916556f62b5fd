// The bot's context: grammY's, plus the dependencies every handler needs (installed per update).
import type { ConversationFlavor } from '@grammyjs/conversations';
import type { Context } from 'grammy';
import type { Logger } from '../logger';
import type { Services } from '../services';
import type { IdentityVerifier } from '../services/identity';

export interface BotDeps {
  services: Services;
  identity: IdentityVerifier;
  logger: Logger;
  /** The Mini App's base URL (PUBLIC_URL, or this server in local mode); null when Telegram cannot open it. */
  webAppUrl: () => string | null;
  /** How often a growing reply is shown (bot/live-reply.ts's intervals by default); tests shorten them to stream faster. */
  liveReplyIntervals?: { draftMs: number; editMs: number };
}

export type DepsFlavor = { deps: BotDeps };

/** Inside conversations: a fresh context per replay, with the same deps (installed by a plugin). */
export type InnerContext = Context & DepsFlavor;

export type BotContext = ConversationFlavor<Context & DepsFlavor>;
