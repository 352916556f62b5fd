// GET /api/bot-link: the page shown outside Telegram links to the bot; no identity needed to ask where it is.
import { Hono } from 'hono';
import type { AppEnv } from '../auth';
import { ok } from '../http';

export interface BotLinkOptions {
  localMode: boolean;
  /** Where to open the bot (t.me link, or the local Telegram page in local mode); null while unknown. */
  botLink?: () => Promise<string | null>;
  /** The bot's username, for the Login Widget on the sign-in page (not in local mode: a stand-in signs there). */
  botUsername?: () => Promise<string | null | undefined>;
}

export const botLinkRoutes = (o: BotLinkOptions) =>
  new Hono<AppEnv>().get('/', async (c) =>
    ok(c, {
      url: (await o.botLink?.().catch(() => null)) ?? null,
      // The Login Widget's bot; local mode has a stand-in (/dev/login-widget) that signs as Telegram does.
      widgetBot: o.localMode ? null : ((await o.botUsername?.().catch(() => null)) ?? null),
      localSignIn: o.localMode,
    }),
  );
