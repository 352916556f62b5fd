// The zodiac's vocabulary in Russian: 12 signs, 4 elements, the five natal planets.
// Pure data, safe for the web app (the maths that needs the ephemeris lives in natal.ts).

export const ELEMENTS = ['fire', 'earth', 'air', 'water'] as const;
export type ElementKey = (typeof ELEMENTS)[number];

export const ELEMENT_NAMES: Record<ElementKey, string> = {
  fire: 'Огонь',
  earth: 'Земля',
  air: 'Воздух',
  water: 'Вода',
};

export const SIGN_KEYS = [
  'aries',
  'taurus',
  'gemini',
  'cancer',
  'leo',
  'virgo',
  'libra',
  'scorpio',
  'sagittarius',
  'capricorn',
  'aquarius',
  'pisces',
] as const;
export type SignKey = (typeof SIGN_KEYS)[number];

export interface ZodiacSign {
  key: SignKey;
  /** «Овен». */
  name: string;
  /** The prepositional phrase: «в Овне», «во Льве». */
  inSign: string;
  /** The Unicode sign glyph, e.g. ♈. */
  symbol: string;
  element: ElementKey;
}

const sign = (key: SignKey, name: string, inSign: string, symbol: string, element: ElementKey): ZodiacSign => ({
  key,
  name,
  inSign,
  symbol,
  element,
});

/** In ecliptic order from 0° (Aries) in 30° steps. */
export const SIGNS: readonly ZodiacSign[] = [
  sign('aries', 'Овен', 'в Овне', '♈', 'fire'),
  sign('taurus', 'Телец', 'в Тельце', '♉', 'earth'),
  sign('gemini', 'Близнецы', 'в Близнецах', '♊', 'air'),
  sign('cancer', 'Рак', 'в Раке', '♋', 'water'),
  sign('leo', 'Лев', 'во Льве', '♌', 'fire'),
  sign('virgo', 'Дева', 'в Деве', '♍', 'earth'),
  sign('libra', 'Весы', 'в Весах', '♎', 'air'),
  sign('scorpio', 'Скорпион', 'в Скорпионе', '♏', 'water'),
  sign('sagittarius', 'Стрелец', 'в Стрельце', '♐', 'fire'),
  sign('capricorn', 'Козерог', 'в Козероге', '♑', 'earth'),
  sign('aquarius', 'Водолей', 'в Водолее', '♒', 'air'),
  sign('pisces', 'Рыбы', 'в Рыбах', '♓', 'water'),
];

export const PLANET_KEYS = ['sun', 'moon', 'mercury', 'venus', 'mars'] as const;
export type PlanetKey = (typeof PLANET_KEYS)[number];

export interface PlanetInfo {
  key: PlanetKey;
  name: string;
  symbol: string;
  /** What the planet speaks of, for the card's subtitle. */
  theme: string;
}

export const PLANETS: Record<PlanetKey, PlanetInfo> = {
  sun: { key: 'sun', name: 'Солнце', symbol: '☉', theme: 'суть личности' },
  moon: { key: 'moon', name: 'Луна', symbol: '☽', theme: 'чувства и потребности' },
  mercury: { key: 'mercury', name: 'Меркурий', symbol: '☿', theme: 'мышление и общение' },
  venus: { key: 'venus', name: 'Венера', symbol: '♀', theme: 'любовь и ценности' },
  mars: { key: 'mars', name: 'Марс', symbol: '♂', theme: 'энергия и действия' },
};

export const ASCENDANT = { key: 'ascendant', name: 'Асцендент', symbol: 'Асц', theme: 'как вас видят другие' } as const;

const SIGN_BY_KEY = new Map(SIGNS.map((s) => [s.key, s]));

/** «в Овне», «во Льве»: the sign in the prepositional case, as «Солнце в Овне» needs it. */
export const inSignOf = (key: SignKey): string => SIGN_BY_KEY.get(key)!.inSign;

/** The sign at an ecliptic longitude in degrees (any real number; wrapped into [0, 360)). */
export function signAt(longitude: number): ZodiacSign {
  const lon = ((longitude % 360) + 360) % 360;
  return SIGNS[Math.min(11, Math.floor(lon / 30))];
}

/** Degrees and minutes within the sign: 12.345 → «12°20′». */
export function formatDegree(degreeInSign: number): string {
  let d = Math.floor(degreeInSign);
  let m = Math.round((degreeInSign - d) * 60);
  if (m === 60) {
    d += 1;
    m = 0;
  }
  // Never show 30°00′: the sign would read as the next one.
  if (d >= 30) {
    d = 29;
    m = 59;
  }
  return `${d}°${String(m).padStart(2, '0')}′`;
}
