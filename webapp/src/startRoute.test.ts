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
    const r = startRoute(
      '/',
      q({ user_data: JSON.stringify({ initialScreen: 'question', spreadType: 'love_relationship', userQuestion: 'Что он чувствует?' }) }),
    );
    expect(r).toEqual({ to: '/question', spreadType: 'love_relationship', question: 'Что он чувствует?' });
    expect(startRoute('/question', q({ user_data: JSON.stringify({ initialScreen: 'start' }) })).to).toBe('/');
  });

  it('ignores unknown screens and broken JSON', () => {
    expect(startRoute('/', q({ user_data: JSON.stringify({ initialScreen: 'backoffice' }) })).to).toBeNull();
    expect(startRoute('/', q({ user_data: '{nope' })).to).toBeNull();
  });
});

describe('a card’s deep link (startapp=card_<id>)', () => {
  it('opens the card in the library from the first screen', () => {
    expect(startRoute('/', '', 'card_sun').to).toBe('/library/sun');
    expect(startRoute('/', '', 'card_ace-of-cups').to).toBe('/library/ace-of-cups');
  });

  it('leaves other start parameters and other screens alone', () => {
    expect(startRoute('/', '', 'ref_42').to).toBeNull();
    expect(startRoute('/', '', 'card_<script>').to).toBeNull();
    expect(startRoute('/history', '', 'card_sun').to).toBeNull();
  });
});
