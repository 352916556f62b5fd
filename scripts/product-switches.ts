// Every `switch` over the catalogue's products (or their kinds) names each one: a new product then fails to
// compile at each place that must say what it does, instead of falling into a `default` that guesses. With
// TypeScript's checker it finds the switches whose subject is a union of product ids or product kinds and
// reports those that leave a member unnamed, or whose `default` is anything but a `satisfies never` check.
// Run by the unit tests (product-switches.test.ts) and by `tsx scripts/product-switches.ts`.
import fs from 'node:fs';
import path from 'node:path';
import type * as TS from 'typescript';
import { PRODUCT_KINDS, PRODUCTS } from '../domain/commerce/catalogue';
import ts from './typescript';

export interface SwitchFault {
  file: string;
  line: number;
  problem: string;
}

/** The string literals a type is made of, or null when it is not a union of string literals only. */
function literals(type: TS.Type): string[] | null {
  const parts = type.isUnion() ? type.types : [type];
  const out: string[] = [];
  for (const p of parts) {
    if (!p.isStringLiteral()) return null;
    out.push(p.value);
  }
  return out;
}

const hasSatisfiesNever = (node: TS.Node): boolean =>
  (ts.isSatisfiesExpression(node) && node.type.kind === ts.SyntaxKind.NeverKeyword) || !!ts.forEachChild(node, hasSatisfiesNever);

/** The faults of the switches over `vocabularies` (each a closed set of names) in the files `isChecked` picks. */
export function productSwitchFaults(
  program: TS.Program,
  isChecked: (f: TS.SourceFile) => boolean,
  vocabularies: readonly (readonly string[])[] = [PRODUCTS, PRODUCT_KINDS],
): SwitchFault[] {
  const checker = program.getTypeChecker();
  const faults: SwitchFault[] = [];
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || !isChecked(file)) continue;
    const visit = (node: TS.Node) => {
      if (ts.isSwitchStatement(node)) {
        const members = literals(checker.getTypeAtLocation(node.expression));
        if (members?.length && vocabularies.some((v) => members.every((m) => v.includes(m)))) {
          const named = new Set<string>();
          let defaultClause: TS.DefaultClause | undefined;
          for (const c of node.caseBlock.clauses) {
            if (ts.isDefaultClause(c)) defaultClause = c;
            else for (const m of literals(checker.getTypeAtLocation(c.expression)) ?? []) named.add(m);
          }
          const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
          const missing = members.filter((m) => !named.has(m));
          if (missing.length) faults.push({ file: file.fileName, line, problem: `names no case for ${missing.join(', ')}` });
          if (defaultClause && !hasSatisfiesNever(defaultClause))
            faults.push({ file: file.fileName, line, problem: 'has a default that is not a `satisfies never` check' });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return faults;
}

/** The project's own sources that hold a switch (tests, benches and the fixtures of the checks aside). */
export function projectSwitchFaults(root: string): SwitchFault[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const own = (f: string) => !/\.test\.tsx?$/.test(f) && !/^(test|bench)\//.test(path.relative(root, f));
  // Only the files with a switch are the program's roots (their imports come along): the checker stays small.
  // A quote, a dot or a letter before it is no switch statement (this file's own search string, a method).
  const roots = config.fileNames.filter((f) => own(f) && /(?<![\w$'"`.])switch \(/.test(fs.readFileSync(f, 'utf8')));
  // JSDoc parsed only where it can type something (JavaScript files), as tsc itself does: in the declarations
  // the program reads (lib.dom, @types/node, kysely) it was a good part of the parsing.
  const host = ts.createCompilerHost(config.options);
  host.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeErrors;
  const program = ts.createProgram(roots, config.options, host);
  return productSwitchFaults(program, (f) => roots.includes(f.fileName));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const root = path.resolve(import.meta.dirname, '..');
  const faults = projectSwitchFaults(root);
  for (const f of faults) console.error(`${path.relative(root, f.file)}:${f.line}  a switch over products ${f.problem}`);
  if (faults.length) process.exit(1);
  console.log('product-switches: every switch over products names each one');
}
