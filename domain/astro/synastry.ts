// Synastry: the aspects between two natal charts (Sun, Moon, Venus, Mars and, when both birth times are known,
// the Ascendant), with orbs, and a short Russian line on each. Pure: the longitudes come from the natal chart
// (domain/astro/natal.ts, astronomy-engine), so both charts are computed exactly as each person's own chart is.

export const SYNASTRY_POINTS = ['sun', 'moon', 'venus', 'mars', 'ascendant'] as const;
export type SynastryPoint = (typeof SYNASTRY_POINTS)[number];

export const ASPECTS = [
  { key: 'conjunction', name: 'Соединение', symbol: '☌', angle: 0, orb: 8 },
  { key: 'sextile', name: 'Секстиль', symbol: '✶', angle: 60, orb: 4 },
  { key: 'square', name: 'Квадрат', symbol: '□', angle: 90, orb: 6 },
  { key: 'trine', name: 'Трин', symbol: '△', angle: 120, orb: 6 },
  { key: 'opposition', name: 'Оппозиция', symbol: '☍', angle: 180, orb: 8 },
] as const;
export type AspectKey = (typeof ASPECTS)[number]['key'];

const POINT_INFO: Record<SynastryPoint, { name: string; symbol: string; theme: string }> = {
  sun: { name: 'Солнце', symbol: '☉', theme: 'суть' },
  moon: { name: 'Луна', symbol: '☽', theme: 'чувства' },
  venus: { name: 'Венера', symbol: '♀', theme: 'любовь и вкус' },
  mars: { name: 'Марс', symbol: '♂', theme: 'желания и действия' },
  ascendant: { name: 'Асцендент', symbol: 'Асц', theme: 'манера держаться' },
};

/** A few lines per aspect, used in turn down the list: eight aspects must not say one sentence three times. */
const ASPECT_LINES: Record<AspectKey, readonly ((a: string, b: string) => string)[]> = {
  conjunction: [
    (a, b) => `${a} и ${b} сливаются: здесь вы узнаёте друг друга с полуслова.`,
    (a, b) => `${a} и ${b} стоят рядом: в этом вы похожи и усиливаете друг друга.`,
    (a, b) => `${a} и ${b} совпадают: общая черта, которая сближает, но может и утомить избытком.`,
  ],
  sextile: [
    (a, b) => `${a} и ${b} поддерживают друг друга: лёгкая возможность, если её заметить.`,
    (a, b) => `${a} и ${b} дружат: небольшой шаг навстречу здесь даётся легко.`,
  ],
  square: [
    (a, b) => `${a} и ${b} спорят: трение, которое требует терпения и даёт рост.`,
    (a, b) => `${a} и ${b} тянут в разные стороны: здесь пригодятся уступки и ясные договорённости.`,
    (a, b) => `${a} и ${b} задевают друг друга: место частых споров, которые учат слышать другого.`,
  ],
  trine: [
    (a, b) => `${a} и ${b} звучат в лад: здесь вам легко и естественно вместе.`,
    (a, b) => `${a} и ${b} в согласии: то, что получается у вас само собой.`,
  ],
  opposition: [
    (a, b) => `${a} и ${b} стоят друг напротив друга: притяжение и поиск равновесия.`,
    (a, b) => `${a} и ${b} дополняют друг друга как противоположности: интересно, но нужен баланс.`,
  ],
};

/** One partner's points: ecliptic longitudes in degrees; `ascendant` null when the birth time is unknown. */
export type SynastryInput = Record<Exclude<SynastryPoint, 'ascendant'>, number> & { ascendant: number | null };

export interface SynastryAspect {
  /** The first person's point and the second's. */
  a: SynastryPoint;
  b: SynastryPoint;
  aspect: AspectKey;
  aspectName: string;
  symbol: string;
  /** The exact angle between the two points, degrees [0, 180]. */
  angle: number;
  /** How far from exact, degrees (two decimals). */
  orb: number;
  text: string;
}

/** The angular distance between two longitudes, degrees [0, 180]. */
export function separation(x: number, y: number): number {
  const d = Math.abs((((x - y) % 360) + 360) % 360);
  return d > 180 ? 360 - d : d;
}

export const pointName = (p: SynastryPoint) => POINT_INFO[p].name;
export const pointSymbol = (p: SynastryPoint) => POINT_INFO[p].symbol;

/** Every aspect within its orb between the first person's points and the second's, tightest first. */
export function synastryAspects(first: SynastryInput, second: SynastryInput, names: { first: string; second: string }): SynastryAspect[] {
  const out: (Omit<SynastryAspect, 'text'> & { who: [string, string] })[] = [];
  for (const a of SYNASTRY_POINTS) {
    const la = first[a];
    if (la === null) continue;
    for (const b of SYNASTRY_POINTS) {
      const lb = second[b];
      if (lb === null) continue;
      const sep = separation(la, lb);
      for (const asp of ASPECTS) {
        // The ascendant's aspects are read with a narrower orb: its degree depends on the minute of birth.
        const orbLimit = a === 'ascendant' || b === 'ascendant' ? Math.min(asp.orb, 5) : asp.orb;
        const orb = Math.abs(sep - asp.angle);
        if (orb > orbLimit) continue;
        const x = `${POINT_INFO[a].name} (${POINT_INFO[a].theme}) ${names.first}`;
        const y = `${POINT_INFO[b].name} (${POINT_INFO[b].theme}) ${names.second}`;
        out.push({
          a,
          b,
          aspect: asp.key,
          aspectName: asp.name,
          symbol: asp.symbol,
          angle: Math.round(sep * 100) / 100,
          orb: Math.round(orb * 100) / 100,
          who: [x, y],
        });
      }
    }
  }
  // Texts in the order shown, so each kind's lines go in turn from the tightest aspect down.
  const used = new Map<AspectKey, number>();
  return out
    .sort((p, q) => p.orb - q.orb)
    .map(({ who, ...found }) => {
      const n = used.get(found.aspect) ?? 0;
      used.set(found.aspect, n + 1);
      const lines = ASPECT_LINES[found.aspect];
      return { ...found, text: lines[n % lines.length](...who) };
    });
}

/** Why the ascendant is left out, or null when both birth times are known. */
export function missingTimeNote(firstHasTime: boolean, secondHasTime: boolean, names: { first: string; second: string }): string | null {
  if (firstHasTime && secondHasTime) return null;
  const who = !firstHasTime && !secondHasTime ? 'обоих' : !firstHasTime ? names.first : names.second;
  return `Без точного времени рождения (${who}) Асцендент и дома не считаются: они меняются каждые несколько минут. Остальные аспекты показаны.`;
}
