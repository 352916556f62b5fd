import { describe, expect, it } from 'vitest';
import { SPREAD_TYPES } from './types';
import {
  DEFAULT_OUTLINE,
  SPREADS,
  outlineOf,
  positionNamesFor,
  SPREAD_BY_ID,
  getSpread,
  isSpreadType,
  spreadLabel,
} from './spreads';

describe('spread catalogue', () => {
  it('has 8 spreads in SPREAD_TYPES order', () => {
    expect(SPREADS).toHaveLength(8);
    expect(SPREADS.map((s) => s.id)).toEqual([...SPREAD_TYPES]);
    expect(SPREAD_BY_ID.size).toBe(8);
  });

  it('every spread has as many positions as cards, all distinct', () => {
    for (const spread of SPREADS) {
      expect(spread.positions.length).toBe(spread.cards);
      expect(new Set(spread.positions).size).toBe(spread.positions.length);
    }
  });

  it('card counts match the catalogue', () => {
    const counts = Object.fromEntries(SPREADS.map((s) => [s.id, s.cards]));
    expect(counts).toEqual({
      free_daily: 3,
      past_present_future: 3,
      love_relationship: 3,
      career_finance: 4,
      health_wellbeing: 3,
      celtic_cross: 10,
      spiritual_guidance: 5,
      year_forecast: 13,
    });
    expect(getSpread('celtic_cross')?.positions).toHaveLength(10);
  });

  it('free_daily is the only free spread', () => {
    expect(SPREADS.filter((s) => s.isFree).map((s) => s.id)).toEqual(['free_daily']);
    expect(SPREADS.filter((s) => s.access === 'free').map((s) => s.id)).toEqual(['free_daily']);
  });

  it('celtic_cross, spiritual_guidance and year_forecast are VIP-only', () => {
    expect(SPREADS.filter((s) => s.vipOnly).map((s) => s.id)).toEqual([
      'celtic_cross',
      'spiritual_guidance',
      'year_forecast',
    ]);
  });

  it('the year forecast: the theme of the year, then the twelve months from the current one', () => {
    expect(positionNamesFor('year_forecast', 11)).toEqual(['Тема года', 'Ноябрь', 'Декабрь', 'Январь', 'Февраль', 'Март', 'Апрель', 'Май', 'Июнь', 'Июль', 'Август', 'Сентябрь', 'Октябрь']);
    expect(outlineOf('year_forecast', 1)).toEqual(['Тема года', 'Январь', 'Февраль', 'Март', 'Апрель', 'Май', 'Июнь', 'Июль', 'Август', 'Сентябрь', 'Октябрь', 'Ноябрь', 'Декабрь', 'Общий вывод']);
  });

  it('access flags and price labels are consistent', () => {
    const labels = { free: 'Бесплатно', paid: 'Премиум', vip: 'VIP' };
    for (const spread of SPREADS) {
      expect(spread.isFree).toBe(spread.access === 'free');
      expect(spread.vipOnly).toBe(spread.access === 'vip');
      expect(spread.priceLabel).toBe(labels[spread.access]);
    }
  });

  it('every spread has complete question copy', () => {
    for (const spread of SPREADS) {
      expect(spread.name.trim()).not.toBe('');
      expect(spread.description.trim()).not.toBe('');
      expect(spread.icon.trim()).not.toBe('');
      expect(spread.question.title.trim()).not.toBe('');
      expect(spread.question.description.trim()).not.toBe('');
      expect(spread.question.placeholder.trim()).not.toBe('');
      expect(spread.question.examples).toHaveLength(4);
      for (const example of spread.question.examples) expect(example.trim()).not.toBe('');
    }
  });

  it('every outline has 3–6 sections and ends with «Общий вывод»', () => {
    // The year forecast is the exception: a section for each month.
    for (const outline of [...SPREADS.filter((s) => s.id !== 'year_forecast').map((s) => s.outline), DEFAULT_OUTLINE]) {
      expect(outline.length).toBeGreaterThanOrEqual(3);
      expect(outline.length).toBeLessThanOrEqual(6);
      expect(outline[outline.length - 1]).toBe('Общий вывод');
    }
    expect(DEFAULT_OUTLINE).toEqual(['Анализ карт', 'Ключевые темы', 'Совет карт', 'Общий вывод']);
  });
});

describe('lookups', () => {
  it('spreadLabel returns the Russian name or a fallback', () => {
    expect(spreadLabel('free_daily')).toBe('Расклад дня');
    expect(spreadLabel('celtic_cross')).toBe('Кельтский крест');
    expect(spreadLabel('unknown')).toBe('Расклад Таро');
  });

  it('getSpread finds known spreads only', () => {
    expect(getSpread('nope')).toBeUndefined();
    expect(getSpread('love_relationship')?.id).toBe('love_relationship');
    expect(getSpread('toString')).toBeUndefined();
  });

  it('isSpreadType recognises exactly the catalogue ids', () => {
    for (const id of SPREAD_TYPES) expect(isSpreadType(id)).toBe(true);
    expect(isSpreadType('nope')).toBe(false);
    expect(isSpreadType('')).toBe(false);
    expect(isSpreadType('constructor')).toBe(false);
  });
});
