// Calls the API from inside a page as its signed-in user (the initData, or a keyboard launch's token, the app
// keeps in sessionStorage), to
// arrange data a test needs before it looks at a screen.
import type { Page } from 'playwright-core';

export async function pageApi<T = any>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; data: T; error?: string }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const initData = sessionStorage.getItem('telegramInitData');
      const token = sessionStorage.getItem('telegramLaunchToken');
      const res = await fetch(p as string, {
        method: m as string,
        headers: { Authorization: initData ? `tma ${initData}` : `Bearer ${token}`, ...(b !== undefined ? { 'Content-Type': 'application/json' } : {}) },
        body: b !== undefined ? JSON.stringify(b) : undefined,
      });
      const json = await res.json();
      return { status: res.status, data: json.data, error: json.error };
    },
    [method, path, body] as const,
  );
}
