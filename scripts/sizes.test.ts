// The size rule (scripts/sizes.ts): on fixtures, a long component file and long functions of each kind are
// reported and data tables are not; then the web app, which holds to it.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFault, faultKey, fileSizeFaults, sizeFaults } from './sizes';

const lines = (n: number, line: string) => Array.from({ length: n }, () => line).join('\n');

// A function of `n` lines: its opening line, n - 2 lines of body, its closing line.
const body = (n: number) => lines(n - 2, '  total += 1;');

describe('the size rule', () => {
  it('reports a component file over 200 lines and functions over 80 lines of every kind, naming each', () => {
    const text = [
      'export function Declared() {', // line 1: 81 lines long
      body(81),
      '}',
      'export const arrow = () => {', // line 82: 80 lines, within the limit
      body(80),
      '};',
      'class Widget {',
      '  method() {', // line 163: 82 lines
      body(82),
      '  }',
      '}',
      'useEffect(() => {', // line 246: a callback of 81 lines, named by its callee
      body(81),
      '});',
    ].join('\n');
    const faults = fileSizeFaults('webapp/src/x/Screen.tsx', `${text}\n`);
    expect(faults.map(describeFault)).toEqual([
      'webapp/src/x/Screen.tsx: component file of 326 lines (limit 200)',
      'webapp/src/x/Screen.tsx:1 Declared: function of 81 lines (limit 80)',
      'webapp/src/x/Screen.tsx:163 method: function of 82 lines (limit 80)',
      'webapp/src/x/Screen.tsx:246 useEffect(…): function of 81 lines (limit 80)',
    ]);
    expect(faults.map(faultKey)).toContain('webapp/src/x/Screen.tsx#Declared');
    // The same text in a .ts file is no component: only its functions count.
    expect(fileSizeFaults('services/x.ts', text).map((f) => f.name)).toEqual(['Declared', 'method', 'useEffect(…)']);
  });

  it('leaves data tables out: a file of literal constants, and a function that only returns a literal', () => {
    const table = [
      "import type { Sign } from './types';",
      'export type Row = { name: string };',
      `export const SIGNS = [\n${lines(250, "  { name: 'Овен', days: [1, -2], note: `текст` },")}\n] as const;`,
    ].join('\n');
    expect(fileSizeFaults('webapp/src/x/signs.tsx', table)).toEqual([]);
    const literalFunction = `export const rows = () => ({\n${lines(100, "  a: 'b',")}\n});\nexport function list() {\n  return [\n${lines(100, '    1,')}\n  ];\n}\n`;
    expect(fileSizeFaults('webapp/src/x/rows.ts', literalFunction)).toEqual([]);
    // A constant computed by a call is no table: the file is measured, and a long function in it reported.
    const computed = `export const A = make();\nexport const rows = () => {\n  const x = ({\n${lines(100, "    a: 'b',")}\n  });\n  return x;\n};\n`;
    expect(fileSizeFaults('webapp/src/x/rows.ts', computed).map((f) => f.name)).toEqual(['rows']);
  });

  it('skips what an allow-list names', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const all = sizeFaults(root, ['scripts'], { functionLines: 20 });
    expect(all.length).toBeGreaterThan(0);
    expect(sizeFaults(root, ['scripts'], { functionLines: 20, allow: all.map(faultKey) })).toEqual([]);
  });

  it('holds in the web app: no component file over 200 lines, no function over 80', () => {
    const root = path.resolve(import.meta.dirname, '..');
    expect(sizeFaults(root, ['webapp/src']).map(describeFault)).toEqual([]);
  });
});
