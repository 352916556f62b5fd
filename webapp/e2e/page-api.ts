// Calls the API from inside a page as its signed-in user (the initData the app keeps in sessionStorage, a
// token the test gives, e.g. a keyboard launch's, or else the browser session's cookie), to arrange data a
// test needs before it looks at a screen.
import type { Page } from 'playwright-core';

export async function pageApi<T = any>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; data: T; error?: string }> {
  return page.evaluate(
    async ([m, p, b, t]) => {
      const initData = sessionStorage.getItem('telegramInitData');
      const auth: Record<string, string> = initData ? { Authorization: `tma ${initData}` } : t ? { Authorization: `Bearer ${t}` } : {};
      const res = await fetch(p as string, {
        method: m as string,
        headers: { ...auth, ...(b !== undefined ? { 'Content-Type': 'application/json' } : {}) },
        body: b !== undefined ? JSON.stringify(b) : undefined,
      });
      const json = await res.json();
      return { status: res.status, data: json.data, error: json.error };
    },
    [method, path, body, token] as const,
  );
}
