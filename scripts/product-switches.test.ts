// The switches over products: on a small program a switch that leaves a product out, or ends in a guessing
// `default`, is reported and an exhaustive one is not; then the project's own switches, all exhaustive.
import path from 'node:path';
import type * as TS from 'typescript';
import { describe, expect, it } from 'vitest';
import { productSwitchFaults, projectSwitchFaults } from './product-switches';
import ts from './typescript';

const FILES: Record<string, string> = {
  '/p/lib.d.ts': [
    'interface Array<T> {} interface Boolean {} interface CallableFunction {} interface Function {} interface IArguments {}',
    'interface NewableFunction {} interface Number {} interface Object {} interface RegExp {} interface String {}',
  ].join('\n'),
  '/p/money.ts': [
    "type ProductId = 'micro' | 'week' | 'basic';",
    "type Tier = 'free' | 'basic';",
    'export function exhaustive(p: ProductId): number {',
    '  switch (p) {',
    "    case 'micro': return 1;",
    "    case 'week':",
    "    case 'basic': return 2;",
    '    default: return p satisfies never;',
    '  }',
    '}',
    'export function guessing(p: ProductId): number | null {',
    '  switch (p) {',
    "    case 'week': return 7;",
    "    case 'basic': return 30;",
    '    default: return null;',
    '  }',
    '}',
    'export function forgetful(p: ProductId): number {',
    '  switch (p) {',
    "    case 'micro': return 1;",
    "    case 'week': return 2;",
    '  }',
    '  return 0;',
    '}',
    'export function overTiers(t: Tier): number {',
    '  switch (t) {',
    "    case 'basic': return 1;",
    '    default: return 0;',
    '  }',
    '}',
  ].join('\n'),
};

function program(): TS.Program {
  const options: TS.CompilerOptions = { noLib: true, types: [], strict: true, target: ts.ScriptTarget.ES2022 };
  const host = ts.createCompilerHost(options);
  host.getSourceFile = (name, version) => (FILES[name] === undefined ? undefined : ts.createSourceFile(name, FILES[name], version, true));
  host.fileExists = (name) => FILES[name] !== undefined;
  host.readFile = (name) => FILES[name];
  host.directoryExists = (dir) => dir === '/p' || dir === '/';
  host.getCurrentDirectory = () => '/p';
  return ts.createProgram(Object.keys(FILES), options, host);
}

describe('switches over products', () => {
  it('reports a switch that leaves a product out or guesses in its default, not an exhaustive one nor one over tiers', () => {
    const faults = productSwitchFaults(program(), (f) => f.fileName === '/p/money.ts', [['micro', 'week', 'basic']]);
    expect(faults.map((f) => `${f.line} ${f.problem}`)).toEqual([
      '12 names no case for micro',
      '12 has a default that is not a `satisfies never` check',
      '19 names no case for basic',
    ]);
  });

  it('every switch over the catalogue’s products or their kinds in the project names each one', () => {
    const root = path.resolve(import.meta.dirname, '..');
    expect(projectSwitchFaults(root).map((f) => `${path.relative(root, f.file)}:${f.line} ${f.problem}`)).toEqual([]);
  }, 60_000);
});
