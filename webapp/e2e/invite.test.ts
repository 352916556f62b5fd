// «Пригласить друзей» in a real browser at 390 px, light and dark: the screen opened from home shows the personal
// link; a friend who opens the app by it and does a first reading is counted, and both see a second spread today.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { pageApi } from './page-api';
import { settled } from './settled';

const TIMEOUT = 180_000;

describe.runIf(browserAvailable())('invite friends (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  for (const theme of ['light', 'dark'] as const) {
    it(
      `the link, a friend's first reading counted, the screen at 390 px (${theme})`,
      async () => {
        const [anna, boris] = theme === 'light' ? [670001, 670002] : [670011, 670012];
        const a = await env.newPage();
        await a.page.goto(`${env.baseUrl}/dev/launch?user=${anna}&name=Анна&theme=${theme}`);
        await a.page.getByTestId('greeting').waitFor();
        // Anna's account is older than a minute (accounts made the same minute earn nothing).
        await sql`update users set created_at = now() - interval '1 day' where id = ${anna}`.execute(env.app.db);
        await a.page.getByTestId('invite-link').click();
        await a.page.getByTestId('invite-url').waitFor();
        expect(await a.page.getByTestId('invite-url').textContent()).toContain(`ref_${anna}`);
        expect(await a.page.getByTestId('invite-joined').textContent()).toBe('0 друзей');

        const b = await env.newPage();
        await b.page.goto(`${env.baseUrl}/dev/launch?user=${boris}&name=Борис&theme=${theme}&startapp=ref_${anna}`);
        await b.page.getByTestId('greeting').waitFor();
        await sql`update users set created_at = now() - interval '10 minutes' where id = ${boris}`.execute(env.app.db);
        const r = await pageApi(b.page, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что принесёт мне эта неделя?' });
        expect(r.status).toBe(201);
        const friendStatus = await pageApi(b.page, 'GET', '/api/user/status');
        expect(friendStatus.data.userStatus.remainingSpreads).toBe(1);

        await a.page.reload();
        await expect.poll(() => a.page.getByTestId('invite-rewarded').textContent(), { timeout: 30_000 }).toBe('1 друг');
        expect(await a.page.getByTestId('invite-joined').textContent()).toBe('1 друг');
        expect(await a.page.getByTestId('invite-month').textContent()).toBe('1 из 5');
        const own = await pageApi(a.page, 'GET', '/api/user/status');
        expect(own.data.userStatus.maxDailySpreads).toBe(2);
        await settled(a.page);
        await env.screenshot(a.page, `invite-${theme}`);
      },
      TIMEOUT,
    );
  }
});
