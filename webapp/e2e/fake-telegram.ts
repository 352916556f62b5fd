// A simulated Telegram client for browser tests (as in telegram.test.ts): the page gets Telegram's native
// bridge, every method the app posts is recorded in window.__tg, and the requests the SDK waits on are answered.
// requestChat (9.6) answers as window.__tgRequestChat says: 'sent' (the default) or 'failed' (the user closed it).
import type { Page } from 'playwright-core';

export interface BridgeCall {
  type: string;
  payload: Record<string, unknown> | null;
}

/** Runs in the page before any script (page.addInitScript). */
export function fakeTelegramClient() {
  const w = window as unknown as {
    __tg: { type: string; payload: unknown }[];
    __tgRequestChat?: 'sent' | 'failed';
    TelegramWebviewProxy: unknown;
    Telegram?: { WebView?: { receiveEvent?: (name: string, data?: unknown) => void } };
  };
  w.__tg = [];
  const reply = (name: string, data: unknown) => setTimeout(() => w.Telegram?.WebView?.receiveEvent?.(name, data), 0);
  w.TelegramWebviewProxy = {
    postEvent(type: string, data?: string) {
      w.__tg.push({ type, payload: data ? JSON.parse(data) : null });
      if (type === 'web_app_request_viewport')
        reply('viewport_changed', { height: innerHeight, width: innerWidth, is_expanded: true, is_state_stable: true });
      if (type === 'web_app_request_safe_area') reply('safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
      if (type === 'web_app_request_chat')
        reply(w.__tgRequestChat === 'failed' ? 'requested_chat_failed' : 'requested_chat_sent', {
          req_id: JSON.parse(data ?? '{}').req_id,
        });
      if (type === 'web_app_request_content_safe_area') reply('content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
    },
  };
}

export const bridgeCalls = (page: Page) => page.evaluate(() => (window as unknown as { __tg: BridgeCall[] }).__tg);
export const callsOf = async (page: Page, type: string) => (await bridgeCalls(page)).filter((c) => c.type === type);
