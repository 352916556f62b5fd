// The AI writes, the cards decide: through the real HTTP app against the fake OpenAI, a model's reading whose
// conclusion states the verdict opposite to the plan's streams and is stored with the card-based conclusion in
// its place (the rest of its text kept), and the owner's dashboard («ИИ») counts it; an agreeing text streams
// and is stored untouched, token by token, and is not counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeWithPlan } from '../domain/reading';
import { conclusionHeading } from '../domain/reading/verdict-guard';
import { promptInputOf } from '../services/interpretation/result';
import { TEST_DB_KINDS } from '../test/databases';
import { startFakeOpenAI, tokenize, type FakeOpenAI } from '../test/fake-openai';
import { createHarness, type Harness } from '../test/harness';
import { sse } from '../test/interpretation-fixture';
import { readSse, serveApp, type ServedApp } from '../test/sse-client';

const ADMIN = 49_999;

describe.each(TEST_DB_KINDS)('the AI verdict follows the plan on %s', (kind) => {
  let fake: FakeOpenAI;
  let h: Harness;
  let server: ServedApp;
  let nextUser = 49_000;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    h = await createHarness(kind, { ai: { apiKey: 'sk-test', baseUrl: fake.baseUrl, timeoutMs: 5_000 }, adminUserIds: [ADMIN] });
    server = await serveApp(h.app);
  });
  afterAll(async () => {
    await server?.close();
    await h?.close();
    await fake?.close();
  });

  /** A yes/no reading whose cards lean one way (a balanced deal is dealt again), with its plan and conclusion heading. */
  async function leaningReading() {
    const user = ++nextUser;
    await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
    for (let i = 0; i < 20; i++) {
      const res = await h.call(user, 'POST', '/api/readings', { spreadType: 'past_present_future', question: 'Получу ли я повышение?' });
      expect(res.status).toBe(201);
      const row = await h.db.selectFrom('readings').selectAll().where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
      const input = promptInputOf(row);
      const { plan } = composeWithPlan(input);
      if (plan?.verdict && plan.verdict !== 'even') return { user, id: row.id, plan, heading: conclusionHeading(input) };
    }
    throw new Error('no leaning deal in 20');
  }

  async function streamed(user: number, id: number) {
    const events = await readSse(await sse(`${server.url}/api/readings/${id}/interpretation`, h.authFor(user)));
    const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.text as string);
    const stored = (await h.call(user, 'GET', `/api/readings/${id}`)).body.data.interpretation as string;
    return { deltas, stored };
  }

  const replacedCount = async () => (await h.call(ADMIN, 'GET', '/api/admin/ai?days=1')).body.data.verdictReplaced;

  it('a contrary verdict: the model’s text is kept, its conclusion replaced by the cards’, streamed and stored; the dashboard shows 1', async () => {
    const { user, id, plan, heading } = await leaningReading();
    const yes = plan.verdict!.startsWith('yes');
    const body = '## Прошлое, настоящее и будущее\n\nКарты рассказывают о вашем пути к повышению.\n\n';
    fake.set({ text: `${body}## ${heading}\n\nОтвет — «${yes ? 'нет' : 'да'}». Так решили карты, и спорить с ними не стоит.` });
    expect(await replacedCount()).toBe(0);
    const { deltas, stored } = await streamed(user, id);
    expect(deltas.join('')).toBe(stored);
    expect(stored.startsWith(`${body}## ${heading}\n\n${plan.answer.text}`)).toBe(true);
    expect(stored).not.toContain('спорить с ними не стоит');
    expect(stored.slice(stored.lastIndexOf('## '))).toContain(yes ? '«да»' : '«нет»');
    expect(await replacedCount()).toBe(1);
    const csv = await h.call(ADMIN, 'GET', '/api/admin/csv?tab=ai&days=1');
    expect(String(csv.body)).toContain('Вывод ИИ заменён картами (вердикт против карт);1');
  });

  it('an agreeing text streams token by token and is stored untouched; the count stays', async () => {
    const { user, id, plan, heading } = await leaningReading();
    const text = `## Прошлое, настоящее и будущее\n\nКарты ясные.\n\n## ${heading}\n\nОтвет — «${plan.verdict!.startsWith('yes') ? 'да' : 'нет'}». Действуйте спокойно.`;
    fake.set({ text });
    const { deltas, stored } = await streamed(user, id);
    expect(stored).toBe(text);
    expect(deltas).toEqual(tokenize(text));
    expect(await replacedCount()).toBe(1);
  });
});
