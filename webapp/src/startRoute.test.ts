import { describe, expect, it } from 'vitest';
import { startRoute } from './startRoute';

const q = (o: Record<string, string>) => `?${new URLSearchParams(o).toString()}`;

describe('start-up route from user_data', () => {
  it('stays without user_data', () => {
    expect(startRoute('/', '')).toEqual({ to: null });
  });

  it('sends the card-payment return to /micro-result keeping the query', () => {
    const search = q({ product: 'micro', user_data: JSON.stringify({ initialScreen: 'micro-result', userId: 5, readingId: 7 }), v: '1' });
    expect(startRoute('/', search).to).toBe(`/micro-result${search}`);
    expect(startRoute('/micro-result', search).to).toBeNull();
  });

  it('opens the initial screen and hands over the question and spread', () => {
    const r = startRoute('/', q({ user_data: JSON.stringify({ initialScreen: 'question', spreadType: 'love_relationship', userQuestion: 'Что он чувствует?' }) }));
    expect(r).toEqual({ to: '/question', spreadType: 'love_relationship', question: 'Что он чувствует?' });
    expect(startRoute('/question', q({ user_data: JSON.stringify({ initialScreen: 'start' }) })).to).toBe('/');
  });

  it('ignores unknown screens and broken JSON', () => {
    expect(startRoute('/', q({ user_data: JSON.stringify({ initialScreen: 'admin' }) })).to).toBeNull();
    expect(startRoute('/', q({ user_data: '{nope' })).to).toBeNull();
  });
});
