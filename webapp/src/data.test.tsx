// The cache rules screens rely on after a change: what is marked outdated is dropped (and only that), and a
// daily draw leaves the availability the server would answer.
import { renderToString } from 'react-dom/server';
import { mutate } from 'swr';
import { describe, expect, it } from 'vitest';
import type { DailyCardAvailability, DailyCardView, StatusResponse } from './api';
import { invalidate, keys, useApi } from './data';
import { afterDailyCard, setStatus } from './hooks/useStatus';

/** The cached answer for `key` (a mutate without data only reads it when no screen shows it). */
const cached = (key: string) => mutate(key);

/** Screens that asked for these keys (rendered once, as on the server: nothing is fetched). */
function asked(...list: string[]) {
  function Screen() {
    for (const key of list) useApi(key, () => new Promise<never>(() => {}));
    return null;
  }
  renderToString(<Screen />);
}

describe('web data cache', () => {
  it('drops every answer under the given prefixes and nothing else', async () => {
    asked(keys.journal('2026-10'), keys.journal(), keys.followUps(7), keys.reading(7));
    await mutate(keys.journal('2026-10'), { month: 'october' }, false);
    await mutate(keys.journal(), { month: 'current' }, false);
    await mutate(keys.followUps(7), { followUps: [] }, false);
    await mutate(keys.reading(7), { id: 7 }, false);
    invalidate(keys.journalPrefix, keys.followUpsPattern);
    await Promise.resolve();
    expect(await cached(keys.journal('2026-10'))).toBeUndefined();
    expect(await cached(keys.journal())).toBeUndefined();
    expect(await cached(keys.followUps(7))).toBeUndefined();
    expect(await cached(keys.reading(7))).toEqual({ id: 7 });
  });

  it('a status an action returned replaces the shown one; none is invented when nothing was loaded', async () => {
    await mutate(keys.status, undefined, false);
    setStatus({ subscriptionType: 'vip' } as StatusResponse['userStatus']);
    expect(await cached(keys.status)).toBeUndefined();
    await mutate(keys.status, { user: { id: 1 }, userStatus: { subscriptionType: 'free' } }, false);
    setStatus({ subscriptionType: 'vip' } as StatusResponse['userStatus']);
    await Promise.resolve();
    expect(await cached(keys.status)).toEqual({ user: { id: 1 }, userStatus: { subscriptionType: 'vip' } });
  });

  it('after a draw the availability shows today’s card (and a free user cannot draw again)', async () => {
    const before = {
      available: true,
      used: false,
      canRedraw: false,
      resetsAt: '2026-11-27T00:00:00.000Z',
      today: null,
    } as DailyCardAvailability;
    await mutate(keys.dailyCard, before, false);
    const card = { canRedraw: false, milestone: 'Три дня подряд!', card: { name: 'Звезда' } } as unknown as DailyCardView;
    // The status and journal reads it starts go to no server here: they fail quietly.
    afterDailyCard(card);
    await Promise.resolve();
    expect(await cached(keys.dailyCard)).toEqual({ ...before, available: false, used: true, today: { ...card, milestone: null } });
  });
});
