import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { journalStats } from '../../../domain/tarot/journal';
import { Ring } from './Charts';

describe('journal ring', () => {
  it('shows the share of reversed cards rounded once: 13 of 17 is 76 %', () => {
    const cards = Array.from({ length: 17 }, (_, i) => ({
      cardId: 'fool',
      orientation: i < 13 ? ('reversed' as const) : ('upright' as const),
    }));
    const stats = journalStats({ readings: [cards.slice(0, 16)], dailyCards: cards.slice(16) });
    const html = renderToString(<Ring share={stats.reversedShare} label="Перевёрнутые карты" testId="journal-reversed" />);
    expect(html).toContain('aria-label="Перевёрнутые карты: 76%"');
    expect(html).toMatch(/data-testid="journal-reversed-value">76<!-- -->%</);
  });
});
