// One account drawing many share pictures does not hold anyone else: 40 card pictures of one user's saved
// readings (no spread spent) asked for at once while another user polls GET /api/user/status. Every poll
// answers; the user's pictures wait in the user's line (not refused, to be asked again and again) and are all
// drawn up to the hour's limit; those past the limits answer 429 with Retry-After and a Russian message;
// nothing answers 500. (How fast is the `share` bench's business: no timing here.) Card pictures, not stories:
// the lines and limits are the same for both formats, and a card is under half a story's CPU to draw.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECK } from '../domain/tarot/deck';
import { USER_LIMITS } from '../services/user-limits';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';
import { sleep } from '../test/wait';

const PICTURES = 40;

describe.each(TEST_DB_KINDS)('share pictures under load on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('40 pictures of one user at once: they wait in line and the hour’s worth is drawn, the rest get 429 with Retry-After, none 500; the other user’s status polls all answer', async () => {
    const drawer = 18_001;
    const poller = 18_002;
    const readings: number[] = [];
    // Saving the readings is not what is tested: the first through the API (which signs the user up), the rest
    // straight through the service.
    for (let i = 0; i < PICTURES; i++) {
      // Different cards each time: the same cards would make the same picture, drawn once.
      const cards = [i, (i + 40) % DECK.length, DECK.length - 1 - i].map((k) => DECK[k].id);
      const reading = { question: `Вопрос №${i + 1}`, spreadType: 'past_present_future', cards };
      if (i === 0) {
        const saved = await h.call(drawer, 'POST', '/api/user/reading', reading);
        expect(saved.status).toBe(201);
        readings.push(saved.body.data.readingId);
      } else readings.push((await h.services.readings.saveFromClient(drawer, reading)).readingId);
    }

    // Each user's signed launch data, made once rather than for every request.
    const drawerAuth = h.authFor(drawer);
    const pollerAuth = h.authFor(poller);
    const polls: number[] = [];
    let drawing = true;
    const polling = (async () => {
      while (drawing) {
        const res = await h.app.request('/api/user/status', { headers: { Authorization: pollerAuth } });
        await res.arrayBuffer();
        polls.push(res.status);
        await sleep(20);
      }
    })();

    const answers: { id: number; status: number; retryAfter: string | null; error?: string }[] = [];
    const draw = async (id: number) => {
      const res = await h.app.request(`/api/readings/${id}/image?format=card`, { headers: { Authorization: drawerAuth } });
      let error: string | undefined;
      if (res.headers.get('content-type')?.includes('json')) error = ((await res.json()) as { error: string }).error;
      else await res.arrayBuffer();
      answers.push({ id, status: res.status, retryAfter: res.headers.get('retry-after'), error });
      return res.status;
    };
    try {
      // All at once: the hour's worth waits in the user's line and is drawn; the rest are refused (the hour's
      // limit, or the line full).
      await Promise.all(readings.map(draw));
      const burst = answers.filter((a) => a.status === 200).length;
      expect(burst).toBe(USER_LIMITS.share_picture_hour.limit);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(PICTURES - burst);
      // Then one by one, the refused ones again: drawn until the hour's limit, refused after it.
      for (const a of answers.filter((x) => x.status === 429)) await draw(a.id);
    } finally {
      drawing = false;
      await polling;
    }

    expect(answers.filter((a) => a.status !== 200 && a.status !== 429)).toEqual([]);
    const drawn = new Set(answers.filter((a) => a.status === 200).map((a) => a.id));
    expect(drawn.size).toBe(USER_LIMITS.share_picture_hour.limit);
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(Number(a.retryAfter), JSON.stringify(a)).toBeGreaterThanOrEqual(1);
      expect(a.error).toMatch(/Попробуйте через \d+ (секунд|минут|час)/);
    }
    expect(answers.at(-1)!.error).toMatch(/^Слишком много картинок за час\./);
    expect(polls.length).toBeGreaterThan(0);
    expect(polls.filter((s) => s !== 200)).toEqual([]);
  }, 120_000);
});
