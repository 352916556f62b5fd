// A local Telegram: enough of the Bot API for everything the bot uses, served on a loopback port, plus the
// user's side of each private chat. Local mode (no BOT_TOKEN) runs the bot against it and shows it at
// /dev/telegram (routes.ts); tests and benches use it as the fake Bot API through TELEGRAM_API_ROOT, with
// the controls only they need (recorded calls, injected failures) from test/test-telegram.ts.
//
//   store.ts      the state: chats, commands, invoices      updates.ts   getUpdates queue and webhook delivery
//   methods/      the Bot API method table                   rules.ts     what Telegram refuses (400s)
//   transport.ts  HTTP (Hono): /bot<token>/<method>          user.ts      the user's side (type, tap, pay)
//   chat-view.ts  what the page shows and tests wait for     routes.ts    the page's calls (/dev/telegram/*)
//   inline-result.ts  an inline result sent into a chat (a user's choice, answerGuestQuery)
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { chatView } from './chat-view';
import { botApiMethods } from './methods/index';
import { createStore, type LocalTelegramOptions, type Store } from './store';
import { botApiRoutes } from './transport';
import { userSide } from './user';

export type { ChatMessage, FakeUser, LocalTelegramOptions } from './store';

export function createLocalTelegram(o: LocalTelegramOptions) {
  const store = createStore(o);
  return serveLocalTelegram(store, localBotApi(store));
}

/** The Bot API as a Hono app over a store (tests mount it behind their controls). */
export function localBotApi(store: Store): Hono {
  return botApiRoutes(store.token, botApiMethods(store), store.files);
}

/** The local Telegram over `store`, its Bot API answered by `botApi` once `listen` is called. */
export function serveLocalTelegram(store: Store, botApi: Hono) {
  let server: http.Server | null = null;
  let apiRoot = '';

  return {
    me: store.me,
    token: store.token,
    ...userSide(store),
    ...chatView(store),

    get apiRoot() {
      return apiRoot;
    },

    get closed() {
      return store.closed;
    },

    /** Listens on 127.0.0.1 (a free port unless given); returns the Bot API root for the bot's `apiRoot`. */
    async listen(port = 0): Promise<string> {
      const s = await new Promise<http.Server>((resolve) => {
        const started = serve({ fetch: botApi.fetch, port, hostname: '127.0.0.1' }, () => resolve(started as http.Server));
      });
      // grammY keeps its connection for the next long poll.
      s.keepAliveTimeout = 60_000;
      server = s;
      apiRoot = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
      return apiRoot;
    },

    /** Releases waiting long polls (the bot's and the page's) and stops the server. */
    async close(): Promise<void> {
      store.closed = true;
      for (const c of store.chats.values()) store.touch(c);
      await store.updates.close();
      if (server) {
        const s = server;
        server = null;
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    },
  };
}

export type LocalTelegram = ReturnType<typeof createLocalTelegram>;
