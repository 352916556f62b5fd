// VIP's «Архив гаданий» and «Прогноз на год» through the real HTTP app: free and basic users see 30 days of
// history (and how many older readings VIP would open), VIP all of it, search by question and by card, nothing
// deleted; the year forecast is VIP-only (402), one spread, 13 cards from the current month, read month by month.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai';
import { createHarness, type Harness } from '../test/harness';
import { readSse, serveApp, type ServedApp } from '../test/sse-client';

const DAY = 86_400_000;

describe.each(TEST_DB_KINDS)('archive and year forecast on %s', (kind) => {
  let h: Harness;
  let fake: FakeOpenAI;
  let server: ServedApp;
  const NOW = new Date('2026-11-20T12:00:00Z');
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    h = await createHarness(kind, { now: NOW, ai: { apiKey: 'sk-test', baseUrl: fake.baseUrl } });
    server = await serveApp(h.app);
  });
  afterAll(async () => {
    await server?.close();
    await h?.close();
    await fake?.close();
  });

  async function readingAt(user: number, at: Date, question: string) {
    h.setNow(at);
    const res = await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question });
    expect(res.status).toBe(201);
    h.setNow(NOW);
    return res.body.data as { id: number; cards: { cardId: string; name: string }[] };
  }

  describe('the archive', () => {
    const USER = 71_001;
    let old: { id: number; cards: { cardId: string; name: string }[] };
    let recent: { id: number; cards: { cardId: string; name: string }[] };
    beforeAll(async () => {
      old = await readingAt(USER, new Date(NOW.getTime() - 60 * DAY), 'Что было весной с работой?');
      await readingAt(USER, new Date(NOW.getTime() - 45 * DAY), 'Старый вопрос о любви');
      recent = await readingAt(USER, new Date(NOW.getTime() - 3 * DAY), 'Как сложится эта неделя в любви?');
      await readingAt(USER, new Date(NOW.getTime() - 1 * DAY), 'Что принесёт мне завтра?');
    });

    it('a free user sees the last 30 days and how many older readings VIP would open', async () => {
      const res = await h.call(USER, 'GET', '/api/user/readings?limit=10');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ total: 2, fullArchive: false, windowDays: 30, olderHidden: 2 });
      expect(res.body.data.readings.map((r: any) => r.question)).toEqual(['Что принесёт мне завтра?', 'Как сложится эта неделя в любви?']);
      // The whole archive and an old reading are VIP's: 402 with the plan to buy.
      const all = await h.call(USER, 'GET', '/api/user/readings?scope=all');
      expect(all.status).toBe(402);
      expect(all.body.error).toContain('VIP');
      expect((await h.call(USER, 'GET', `/api/readings/${old.id}`)).status).toBe(402);
      expect((await h.call(USER, 'GET', `/api/readings/${recent.id}`)).status).toBe(200);
    });

    it('searches by question text and by card within what the user may see', async () => {
      const love = await h.call(USER, 'GET', `/api/user/readings?q=${encodeURIComponent('ЛЮБВИ')}`);
      expect(love.body.data.readings.map((r: any) => r.question)).toEqual(['Как сложится эта неделя в любви?']);
      const byCard = await h.call(USER, 'GET', `/api/user/readings?card=${encodeURIComponent(recent.cards[0].name.toLowerCase())}`);
      expect(byCard.body.data.readings.map((r: any) => r.id)).toContain(recent.id);
      for (const r of byCard.body.data.readings) expect(r.cards.map((c: any) => c.cardId)).toContain(recent.cards[0].cardId);
      const none = await h.call(USER, 'GET', `/api/user/readings?card=${encodeURIComponent('нет такой карты')}`);
      expect(none.body.data).toMatchObject({ total: 0, readings: [] });
      // Odd input is data, never SQL or a 500.
      expect((await h.call(USER, 'GET', `/api/user/readings?q=${encodeURIComponent("%' or 1=1 --")}`)).body.data.total).toBe(0);
      expect((await h.call(USER, 'GET', `/api/user/readings?scope=everything`)).status).toBe(400);
    });

    it('VIP opens everything, nothing was deleted, and after VIP ends the window closes again', async () => {
      expect((await h.call(USER, 'POST', '/api/user/subscription', { subscriptionType: 'vip' })).status).toBe(200);
      const all = await h.call(USER, 'GET', '/api/user/readings?scope=all&limit=10');
      expect(all.status).toBe(200);
      expect(all.body.data).toMatchObject({ total: 4, fullArchive: true, windowDays: null, olderHidden: 0 });
      const old2 = await h.call(USER, 'GET', `/api/user/readings?q=${encodeURIComponent('весной')}`);
      expect(old2.body.data.readings.map((r: any) => r.id)).toEqual([old.id]);
      expect((await h.call(USER, 'GET', `/api/readings/${old.id}`)).status).toBe(200);
      // Forty days later the plan has ended: the old readings are still there, only hidden.
      h.setNow(new Date(NOW.getTime() + 40 * DAY));
      try {
        const after = await h.call(USER, 'GET', '/api/user/readings');
        expect(after.body.data).toMatchObject({ fullArchive: false, olderHidden: 4, total: 0 });
      } finally {
        h.setNow(NOW);
      }
    });
  });

  describe('the year forecast', () => {
    it('is VIP-only: 402 for free and basic users, with no spread taken', async () => {
      for (const [user, plan] of [
        [72_001, null],
        [72_002, 'basic'],
      ] as const) {
        if (plan) await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: plan });
        const res = await h.call(user, 'POST', '/api/readings', { spreadType: 'year_forecast', question: 'Что принесёт мне этот год?' });
        expect(res.status).toBe(402);
        expect(res.body.error).toContain('VIP');
        expect((await h.call(user, 'GET', '/api/user/status')).body.data.userStatus.dailySpreadsUsed).toBe(0);
      }
    });

    it('VIP: 13 cards — the theme of the year and the twelve months from this one — as one spread, read month by month', async () => {
      const user = 72_003;
      await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
      const res = await h.call(user, 'POST', '/api/readings', { spreadType: 'year_forecast', question: 'Что принесёт мне этот год?' });
      expect(res.status).toBe(201);
      const reading = res.body.data;
      expect(reading.cards).toHaveLength(13);
      expect(new Set(reading.cards.map((c: any) => c.cardId)).size).toBe(13);
      // Made on 20 November (Moscow): November first, October last.
      expect(reading.cards.map((c: any) => c.positionName)).toEqual([
        'Тема года',
        'Ноябрь',
        'Декабрь',
        'Январь',
        'Февраль',
        'Март',
        'Апрель',
        'Май',
        'Июнь',
        'Июль',
        'Август',
        'Сентябрь',
        'Октябрь',
      ]);
      expect((await h.call(user, 'GET', '/api/user/status')).body.data.userStatus.dailySpreadsUsed).toBe(1);
      expect((await h.call(user, 'GET', '/api/spreads')).body.data.spreads.map((s: any) => s.id)).toContain('year_forecast');

      // The AI is asked for a section per month, in order, and its text streams to the client.
      const before = fake.requests.length;
      const sse = await fetch(`${server.url}/api/readings/${reading.id}/interpretation`, {
        headers: { Accept: 'text/event-stream', Authorization: h.authFor(user) },
      });
      const events = await readSse(sse);
      expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(1);
      const prompt: string = fake.requests[before].body.messages[1].content;
      const headings = prompt.split('\n').filter((l) => l.startsWith('## '));
      expect(headings).toEqual(['## Тема года', ...reading.cards.slice(1).map((c: any) => `## ${c.positionName}`), '## Общий вывод']);
      expect(fake.requests[before].body.max_completion_tokens).toBe(5000);

      // Without the AI the card-based forecast has the same month sections, each month's card in its month.
      fake.set({ mode: 'fail' });
      try {
        const second = await h.call(user, 'POST', '/api/readings', { spreadType: 'year_forecast', question: 'Каким будет год в работе?' });
        const fallback = await h.call(user, 'GET', `/api/readings/${second.body.data.id}/interpretation`);
        expect(fallback.body.data.fallback).toBe(true);
        const text: string = fallback.body.data.interpretation;
        const sections = text.split(/^## /m).slice(1);
        expect(sections.map((s) => s.split('\n')[0])).toEqual([
          'Тема года',
          ...second.body.data.cards.slice(1).map((c: any) => c.positionName),
          'Общий вывод',
        ]);
        second.body.data.cards.slice(1).forEach((c: any, i: number) => {
          expect(sections[i + 1]).toContain(`**${c.name}**`);
        });
      } finally {
        fake.set({ mode: 'ok' });
      }
    });
  });
});
