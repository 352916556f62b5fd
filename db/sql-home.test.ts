// SQL has one home: db/. A service, route, bot handler or script that needs the database calls a repository
// function (plain, taking `Queryable`); it may open a transaction and pass it on, but never builds a query.
// Tests and benches may seed and inspect tables directly.
import fs from 'node:fs';
import path from 'node:path';
import type * as TS from 'typescript';
import ts from '../scripts/typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');

/** Kysely's query builders: any of these called outside db/ builds SQL. */
const BUILDERS = new Set([
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'executeQuery',
]);

const MAY_BUILD = new RegExp(`${[...BUILDERS].join('|')}|kysely|\\bsql\\b`);

/** What builds SQL in one source text: builder calls, and kysely's values (the `sql` tag, CompiledQuery…). */
function sqlBuiltIn(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const at = (node: TS.Node) => `${fileName}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: TS.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && BUILDERS.has(node.expression.name.text))
      found.push(`${at(node)} .${node.expression.name.text}(…)`);
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source).replace(/<.*$/s, '').split('.').pop() === 'sql')
      found.push(`${at(node)} sql\`…\``);
    // Type-only imports (`import type { Transaction }`) are fine; a value from kysely is a query in the making.
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.moduleSpecifier.text === 'kysely' &&
      !node.importClause?.isTypeOnly
    ) {
      const bindings = node.importClause?.namedBindings;
      const values =
        bindings && ts.isNamedImports(bindings) ? bindings.elements.filter((e) => !e.isTypeOnly).map((e) => e.name.text) : ['*'];
      if (node.importClause?.name) values.push(node.importClause.name.text);
      if (values.length) found.push(`${at(node)} import { ${values.join(', ')} } from 'kysely'`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The app's own sources outside db/: services, routes, the bot, the web app, scripts, the root files. */
function appSources(dir = ROOT): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    const rel = path.relative(ROOT, p);
    if (e.isDirectory())
      return ['node_modules', 'dist', 'db', 'test', 'bench', '.git'].includes(rel) || e.name.startsWith('.') ? [] : appSources(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

describe('SQL lives in db/', () => {
  it('no file outside db/ (tests and benches aside) builds a query', () => {
    const files = appSources();
    expect(files.some((f) => f.includes(`${path.sep}services${path.sep}`))).toBe(true);
    // Only files that name a builder, kysely or a `sql` tag are parsed.
    const found = files.flatMap((f) => {
      const text = fs.readFileSync(f, 'utf8');
      return MAY_BUILD.test(text) ? sqlBuiltIn(path.relative(ROOT, f), text) : [];
    });
    expect(found, 'move these queries into a repository (db/repositories/) and call it').toEqual([]);
  });

  it('tells a query from a transaction handed to repositories', () => {
    const service = [
      "import type { Transaction } from 'kysely';",
      "import { sql, type Kysely } from 'kysely';",
      'await db.transaction().execute((trx) => repo.lockUser(trx, 1));',
      "await trx.selectFrom('users').selectAll().execute();",
      "await deps.db\n  .updateTable('micro_purchases').set({ advice }).execute();",
    ].join('\n');
    expect(sqlBuiltIn('services/x.ts', service)).toEqual([
      "services/x.ts:2 import { sql } from 'kysely'",
      'services/x.ts:4 .selectFrom(…)',
      'services/x.ts:5 .updateTable(…)',
    ]);
    expect(sqlBuiltIn('services/y.ts', 'await sql<{ n: number }>`select 1`.execute(db);')).toEqual(['services/y.ts:1 sql`…`']);
    expect(sqlBuiltIn('services/z.ts', 'const sqlText = `select 1`; await repo.ping(db);')).toEqual([]);
  });
});
