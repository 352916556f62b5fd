// createBot decides the install order: in-flight tracking, de-duplication of redelivered updates, per-chat
// ordering, the user's profile, conversations (state in PostgreSQL), then one Composer per feature, and the
// unhandled fallback last. One error boundary (bot.catch) logs failures with their update and answers politely.
import { autoRetry } from '@grammyjs/auto-retry';
import { conversations } from '@grammyjs/conversations';
import { sequentialize } from '@grammyjs/runner';
import { Bot, type Context, type MiddlewareFn, type Transformer } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { BotContext, BotDeps, InnerContext } from './context';
import { cardLibraryFeature } from './features/card-library';
import { chatMemberFeature } from './features/chat-member';
import { dailyFeature } from './features/daily';
import { followUpFeature } from './features/follow-up';
import { secondOpinionFeature } from './features/second-opinion';
import { helpFeature } from './features/help';
import { guestFeature } from './features/guest';
import { inlineFeature } from './features/inline';
import { paymentsFeature } from './features/payments';
import { pairsFeature } from './features/pairs';
import { privateOnlyFeature } from './features/private-only';
import { readingFeature } from './features/reading';
import { reviewsFeature } from './features/reviews';
import { settingsFeature } from './features/settings';
import { startFeature } from './features/start';
import { statsFeature } from './features/stats';
import { supportFeature } from './features/support';
import { unhandledFeature } from './features/unhandled';
import { webAppDataFeature } from './features/web-app-data';
import { webSignInFeature } from './features/web-sign-in';
import { draftStopFeature } from './live-reply';
import { userDataFeature } from './features/user-data';
import { voiceFeature } from './features/voice';
import { errorHandler } from './handlers/error';
import { createDedupe } from './middlewares/dedupe';
import { createInFlight } from './middlewares/in-flight';
import { operatorChatPacing, type PacingClock } from './pacing';
import { touchUser } from './middlewares/user';

export interface CreateBotOptions extends BotDeps {
  token: string;
  /** Bot API root: Telegram's, or the local Telegram (local mode, tests). */
  apiRoot: string;
  /** Known bot info (tests) saves the getMe call. */
  botInfo?: UserFromGetMe;
  /** The clock pacing what goes to the operators' chats (tests: a virtual one); real by default. */
  operatorPacingClock?: PacingClock;
}

/** Interactive handlers wait out a short flood limit once or twice; a user is waiting for the answer. */
export const interactiveRetry = (): Transformer => autoRetry({ maxRetryAttempts: 2, maxDelaySeconds: 10 });

export function createBot(o: CreateBotOptions) {
  const deps: BotDeps = {
    services: o.services,
    identity: o.identity,
    logger: o.logger,
    webAppUrl: o.webAppUrl,
    liveReplyIntervals: o.liveReplyIntervals,
  };
  const bot = new Bot<BotContext>(o.token, { client: { apiRoot: o.apiRoot }, botInfo: o.botInfo });
  // What goes to the operators' chats is paced within a group's rate (inside auto-retry: a retry is paced too).
  bot.api.config.use(operatorChatPacing(() => o.services.support.operatorChats(), o.operatorPacingClock));
  bot.api.config.use(interactiveRetry());
  const inFlight = createInFlight();

  const withDeps: MiddlewareFn<Context & { deps?: BotDeps }> = (ctx, next) => {
    ctx.deps = deps;
    return next();
  };

  bot.use(inFlight.middleware);
  bot.use(withDeps as MiddlewareFn<BotContext>);
  // A draft's stop comes while the reply it stops is still being written for that chat: before the ordering
  // (and the redelivery check: stopping twice is stopping once).
  bot.use(draftStopFeature);
  // Updates of one chat are handled in order (conversations need it); chats run in parallel. A
  // pre_checkout_query never waits behind the chat (Telegram wants its answer within 10 s). The ordering
  // comes before the redelivery check: that check reads the database, and two reads of one chat's updates
  // can come back in either order (a press could overtake the message that opened its dialogue).
  bot.use(sequentialize((ctx: Context) => (ctx.preCheckoutQuery ? undefined : (ctx.chat?.id ?? ctx.from?.id)?.toString())));
  bot.use(createDedupe());
  // A guest summons comes from a chat the bot is not in: answered before any profile or dialogue is touched.
  bot.use(guestFeature);
  // A card the user sent with inline mode comes back as their own message «via @bot»: not something typed to
  // the bot, so no dialogue takes it as an answer and no hint answers it.
  bot.use((ctx, next) => (ctx.message?.via_bot?.id === ctx.me.id ? undefined : next()));
  // A menu command in a group gets one line asking to write in private, before anything personal is touched.
  bot.use(privateOnlyFeature);
  bot.use(touchUser);
  // Payments before conversations: a successful_payment must never be swallowed by an open dialogue.
  bot.use(paymentsFeature);
  bot.use(
    conversations<BotContext, InnerContext>({
      storage: { type: 'key', version: 1, adapter: o.services.botState.conversationStorage as any },
      // Inside a conversation ctx.api is a fresh object: the transformers and deps are installed again.
      plugins: [
        async (ctx, next) => {
          ctx.api.config.use(interactiveRetry());
          ctx.deps = deps;
          await next();
        },
      ],
    }),
  );

  bot.use(readingFeature);
  bot.use(followUpFeature);
  bot.use(secondOpinionFeature);
  bot.use(voiceFeature);
  // Before /start (it takes `/start support`); its catch-all for a user in support mode skips commands.
  bot.use(supportFeature);
  bot.use(cardLibraryFeature);
  // Before /start: `/start pair_<token>` is an invitation into a pair.
  bot.use(pairsFeature);
  bot.use(startFeature);
  bot.use(helpFeature);
  bot.use(dailyFeature);
  bot.use(settingsFeature);
  bot.use(webAppDataFeature);
  bot.use(webSignInFeature);
  bot.use(userDataFeature);
  bot.use(chatMemberFeature);
  bot.use(inlineFeature);
  // Admins only; anyone else falls through to the unhandled answer.
  bot.use(statsFeature);
  // The operators' decision on a review (others are refused).
  bot.use(reviewsFeature);
  // must be the last handler
  bot.use(unhandledFeature);

  bot.catch(errorHandler);
  return { bot, inFlight };
}

export type TarotBot = ReturnType<typeof createBot>;

/** The update kinds the bot handles (getUpdates and setWebhook ask for exactly these). */
export const ALLOWED_UPDATES = [
  'message',
  'callback_query',
  'my_chat_member',
  'pre_checkout_query',
  'inline_query',
  'guest_message',
  'stopped_message_generation',
  'subscription',
] as const;
