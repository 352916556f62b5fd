// A left pair's readings leave the leaver's export, through the real app: while the pair lasts both members'
// exports hold its readings; once either has left, they stay only with their asker (as the pair's screen shows).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserExport } from '../services/user-data';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

describe.each(TEST_DB_KINDS)('the export after leaving a pair (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const QUESTION = 'Что ждёт нас этим летом?';
  // The export is a file (JSON text), not an API answer.
  const exportOf = async (user: number) => (await h.call(user, 'GET', '/api/user/export')).body as unknown as UserExport;
  const pairRows = (data: UserExport) => data.sections.find((s) => s.title === 'Расклады на двоих')!.rows;

  it('the leaver’s export no longer holds the other’s pair readings (question, cards, text); the asker keeps them', async () => {
    const [inviter, partner] = [70_000_001, 70_000_002];
    expect((await h.call(inviter, 'POST', '/api/user/subscription', { subscriptionType: 'vip' })).status).toBe(200);
    const { token } = (await h.call(inviter, 'POST', '/api/pairs')).body.data;
    const pairId = (await h.call({ id: partner, first_name: 'Маша' }, 'POST', '/api/pairs/accept', { token })).body.data.id;
    const reading = (await h.call(inviter, 'POST', `/api/pairs/${pairId}/readings`, { question: QUESTION })).body.data;
    await h.call(inviter, 'GET', `/api/readings/${reading.id}/interpretation`);
    expect(pairRows(await exportOf(partner)).map((r) => r.id)).toEqual([reading.id]);

    expect((await h.call(partner, 'DELETE', `/api/pairs/${pairId}`)).status).toBe(200);
    const leaver = await exportOf(partner);
    expect(pairRows(leaver)).toEqual([]);
    expect(JSON.stringify(leaver)).not.toContain(QUESTION);
    // The asker's own readings stay in their export.
    const asker = await exportOf(inviter);
    expect(JSON.stringify(asker.sections.find((s) => s.title === 'Расклады')!.rows)).toContain(QUESTION);
  });
});
