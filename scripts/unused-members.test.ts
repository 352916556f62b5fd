// The unused-member check on a small program: a factory's dead member is reported, read ones are not
// (property reads, destructuring, a name in a type, a member implementing a read interface).
import type * as TS from 'typescript';
import ts from './typescript';
import { describe, expect, it } from 'vitest';
import { unusedMembers } from './unused-members';

const FILES: Record<string, string> = {
  // The few globals the program needs, instead of loading TypeScript's whole lib.
  '/p/lib.d.ts': [
    'interface Array<T> {} interface Boolean {} interface CallableFunction {} interface Function {} interface IArguments {}',
    'interface NewableFunction {} interface Number {} interface Object {} interface RegExp {} interface String {}',
    'type Pick<T, K extends keyof T> = { [P in K]: T[P] };',
    'type ReturnType<T extends (...args: any) => any> = T extends (...args: any) => infer R ? R : any;',
  ].join('\n'),
  '/p/service.ts': [
    'export interface Adapter { pay(): number; label: string }',
    'export function createAdapter(): Adapter { return { pay: () => 1, label: "x" }; }',
    'export function createService() {',
    '  const inner = { kept: () => 1, lost: () => 2 };',
    '  return {',
    '    read: () => 1,',
    '    destructured: () => 2,',
    '    typed: () => 3,',
    '    dead: () => 4,',
    '    stars: { refunded: () => 5, forgotten: () => 6 },',
    '    kept: inner.kept,',
    '  };',
    '}',
    'export const createOther = () => { const o = { used() {}, unused() {} }; return o; };',
  ].join('\n'),
  '/p/use.ts': [
    "import { createAdapter, createOther, createService } from './service';",
    'const s = createService();',
    's.read();',
    'const { destructured } = s;',
    'destructured();',
    "type T = Pick<ReturnType<typeof createService>, 'typed'>;",
    'export const t: T | undefined = undefined;',
    's.stars.refunded();',
    's.kept();',
    'createOther().used();',
    'createAdapter().pay();',
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

describe('unused factory members', () => {
  it('reports the members nobody reads, nested ones included, and nothing read', () => {
    const unused = unusedMembers(program(), (f) => f.fileName === '/p/service.ts');
    expect(unused.map((u) => `${u.name}@${u.line}`).sort()).toEqual(['dead@9', 'label@2', 'stars.forgotten@10', 'unused@14']);
  });
});
