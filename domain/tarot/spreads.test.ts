import { describe, expect, it } from 'vitest';
import { POSITION_IDS, SPREAD_TYPES } from '../types';
import {
  ALL_SPREADS,
  DEFAULT_OUTLINE,
  SPREADS,
  monthOfPosition,
  outlineOf,
  positionNamesFor,
  SPREAD_BY_ID,
  getSpread,
  spreadLabel,
} from './spreads';
import { isSpreadType } from '../types';

/** The spreads' sizes (a new spread adds its own; these must not change under it). */
const CARD_COUNTS = {
  free_daily: 3,
  past_present_future: 3,
  love_relationship: 3,
  career_finance: 4,
  health_wellbeing: 3,
  celtic_cross: 10,
  spiritual_guidance: 5,
  year_forecast: 13,
};

describe('every SpreadType has each per-spread entry', () => {
  it.each(SPREAD_TYPES.map((id) => [id]))(
    '%s: name, icon, access, positions with ids and roles, question copy, outline, picture layout',
    (id) => {
      const s = getSpread(id);
      expect(s, id).toBeDefined();
      if (!s) return;
      expect(s.name.trim()).not.toBe('');
      expect(s.icon.trim()).not.toBe('');
      expect(['free', 'paid', 'vip']).toContain(s.access);
      expect(s.cards).toBeGreaterThan(0);
      expect(s.positions).toHaveLength(s.cards);
      expect(s.positionIds).toHaveLength(s.cards);
      expect(s.roles).toHaveLength(s.cards);
      for (const pid of s.positionIds) {
        expect(POSITION_IDS, `${id}: ${pid}`).toContain(pid);
      }
      expect(s.outline.length).toBeGreaterThanOrEqual(3);
      expect(['rows', 'celtic-cross']).toContain(s.pictureLayout);
    },
  );

  it('every position id belongs to exactly one spread', () => {
    const owners = new Map<string, string[]>();
    for (const s of ALL_SPREADS) for (const pid of s.positionIds) owners.set(pid, [...(owners.get(pid) ?? []), s.id]);
    for (const pid of POSITION_IDS) expect(owners.get(pid), pid).toHaveLength(1);
  });

  it('the themed spreads read a general question in their own topic; the share picture lays the Celtic cross as a cross', () => {
    const topics = {
      free_daily: null,
      past_present_future: null,
      love_relationship: 'love',
      career_finance: 'work',
      health_wellbeing: 'health',
      celtic_cross: null,
      spiritual_guidance: 'self',
      year_forecast: null,
    };
    for (const [id, topic] of Object.entries(topics)) expect(getSpread(id)?.topic, id).toBe(topic);
    for (const id of Object.keys(topics)) expect(getSpread(id)?.pictureLayout, id).toBe(id === 'celtic_cross' ? 'celtic-cross' : 'rows');
  });

  it('a year-forecast month position names its month by id, from the month the reading was made in', () => {
    expect(monthOfPosition('month_1', 11)).toBe(10);
    expect(monthOfPosition('month_3', 11)).toBe(0);
    expect(monthOfPosition('month_12', 1)).toBe(11);
    expect(monthOfPosition('month_2', null)).toBeNull();
    expect(monthOfPosition('year_theme', 5)).toBeNull();
    expect(monthOfPosition(undefined, 5)).toBeNull();
  });
});

describe('spread catalogue', () => {
  it('has every spread of SPREAD_TYPES, in its order', () => {
    expect(ALL_SPREADS.map((s) => s.id)).toEqual([...SPREAD_TYPES]);
    // The menus' list is all but the pair's spread (asked on a pair's screen only).
    expect(SPREADS.map((s) => s.id)).toEqual(SPREAD_TYPES.filter((id) => id !== 'pair_reading'));
    expect(SPREAD_BY_ID.size).toBe(SPREAD_TYPES.length);
  });

  it('every spread has as many positions as cards, all distinct', () => {
    for (const spread of SPREADS) {
      expect(spread.positions.length).toBe(spread.cards);
      expect(new Set(spread.positions).size).toBe(spread.positions.length);
    }
  });

  it('card counts match the catalogue', () => {
    const counts = Object.fromEntries(SPREADS.filter((s) => s.id in CARD_COUNTS).map((s) => [s.id, s.cards]));
    expect(counts).toEqual(CARD_COUNTS);
    expect(getSpread('celtic_cross')?.positions).toHaveLength(10);
  });

  it('free_daily is the only free spread', () => {
    expect(SPREADS.filter((s) => s.isFree).map((s) => s.id)).toEqual(['free_daily']);
    expect(SPREADS.filter((s) => s.access === 'free').map((s) => s.id)).toEqual(['free_daily']);
  });

  it('celtic_cross, spiritual_guidance and year_forecast are VIP-only', () => {
    expect(SPREADS.filter((s) => s.vipOnly).map((s) => s.id)).toEqual(['celtic_cross', 'spiritual_guidance', 'year_forecast']);
  });

  it('the year forecast: the theme of the year, then the twelve months from the current one', () => {
    expect(positionNamesFor('year_forecast', 11)).toEqual([
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
    expect(outlineOf('year_forecast', 1)).toEqual([
      'Тема года',
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
      'Ноябрь',
      'Декабрь',
      'Общий вывод',
    ]);
  });

  it('access flags are consistent', () => {
    for (const spread of SPREADS) {
      expect(spread.isFree).toBe(spread.access === 'free');
      expect(spread.vipOnly).toBe(spread.access === 'vip');
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
