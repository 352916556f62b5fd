// Roman numerals: the majors' numbers on the card faces and in the card library.
const ROMAN: readonly string[] = [
  '0',
  'I',
  'II',
  'III',
  'IV',
  'V',
  'VI',
  'VII',
  'VIII',
  'IX',
  'X',
  'XI',
  'XII',
  'XIII',
  'XIV',
  'XV',
  'XVI',
  'XVII',
  'XVIII',
  'XIX',
  'XX',
  'XXI',
];

/** Roman numeral for a major arcana rank (0 for the Fool). */
export function romanNumeral(n: number): string {
  if (n >= 0 && n < ROMAN.length) return ROMAN[n];
  const table: [number, string][] = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let out = '';
  let v = Math.max(0, Math.floor(n));
  for (const [k, s] of table)
    while (v >= k) {
      out += s;
      v -= k;
    }
  return out || '0';
}
