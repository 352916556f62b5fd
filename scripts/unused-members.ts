// The members nobody reads of the objects factories return (`createPaymentService()` → `{ refund, … }`):
// knip reports unused exports, but a factory's returned object is one export however many of its members are
// dead. A member counts as read when some file of the project (tests included) reads it as a property, takes it
// by destructuring, or names it in a type (`Pick<PaymentService, 'refund'>`) or a spy (`vi.spyOn(x, 'refund')`).
// The analysis is only as right as the program's types: it does not check them itself, so run it after
// `npm run typecheck` (.ci/run does, each on its own line). Run by `npm run knip`; exits 1 with the list.
import path from 'node:path';
import type * as TS from 'typescript';
import ts from './typescript';

export interface UnusedMember {
  file: string;
  line: number;
  /** `stars.refunded` for a member of a nested object. */
  name: string;
}

interface Member {
  node: TS.Node;
  /** The declared type's member it implements (`createX(): Adapter`): read when that one is. */
  implemented: readonly TS.Declaration[];
  name: string;
  path: string;
  file: TS.SourceFile;
}

const FACTORY = /^create[A-Z]/;

/** Members a library reads through an `as any` hand-over, which no type connects to the library's interface. */
const READ_BY_LIBRARIES = new Set([
  // @grammyjs/conversations' storage adapter (bot/index.ts passes it as `storage.adapter`).
  'services/bot-state.ts conversationStorage.read',
  'services/bot-state.ts conversationStorage.write',
  'services/bot-state.ts conversationStorage.delete',
]);

const unwrap = (e: TS.Expression): TS.Expression =>
  ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) ? unwrap(e.expression) : e;

/** The return statements of a function's own body (not of the functions nested in it). */
function returnsOf(body: TS.Node): TS.ReturnStatement[] {
  const found: TS.ReturnStatement[] = [];
  const visit = (n: TS.Node) => {
    if (ts.isReturnStatement(n)) found.push(n);
    else if (!ts.isFunctionLike(n) && !ts.isClassLike(n)) ts.forEachChild(n, visit);
  };
  ts.forEachChild(body, visit);
  return found;
}

function membersOf(obj: TS.ObjectLiteralExpression, prefix: string, file: TS.SourceFile, checker: TS.TypeChecker, out: Member[]) {
  const declared = checker.getContextualType(obj);
  for (const p of obj.properties) {
    if (ts.isSpreadAssignment(p) || !p.name || !(ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) continue;
    const name = p.name.text;
    out.push({ node: p, name, path: prefix + name, file, implemented: declared?.getProperty(name)?.declarations ?? [] });
    // A nested object of functions is part of the API (`stars.refunded`); one cast to a type is data.
    const inner =
      p.kind === ts.SyntaxKind.PropertyAssignment && ts.isSatisfiesExpression(p.initializer)
        ? p.initializer.expression
        : ts.isPropertyAssignment(p)
          ? p.initializer
          : undefined;
    if (inner && ts.isObjectLiteralExpression(inner)) membersOf(inner, `${prefix}${name}.`, file, checker, out);
  }
}

/** The objects `create*` functions of `file` return: a literal, or a local variable holding one. */
function factoryMembers(file: TS.SourceFile, checker: TS.TypeChecker, out: Member[]) {
  const visit = (n: TS.Node) => {
    let body: TS.Node | undefined;
    if (ts.isFunctionDeclaration(n) && n.name && FACTORY.test(n.name.text)) body = n.body;
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && FACTORY.test(n.name.text) && n.initializer) {
      const f = unwrap(n.initializer);
      if (ts.isArrowFunction(f) || ts.isFunctionExpression(f)) body = f.body;
    }
    if (body) {
      const returned = ts.isBlock(body) ? returnsOf(body).map((r) => r.expression) : [body as TS.Expression];
      for (const r of returned) {
        if (!r) continue;
        let e = unwrap(r);
        if (ts.isIdentifier(e)) {
          const decl = checker.getSymbolAtLocation(e)?.valueDeclaration;
          if (decl && ts.isVariableDeclaration(decl) && decl.initializer) e = unwrap(decl.initializer);
        }
        if (ts.isObjectLiteralExpression(e)) membersOf(e, '', file, checker, out);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(file);
}

/** Members of the objects returned by `create*` functions in the files `isFactoryFile` picks that nothing reads. */
export function unusedMembers(program: TS.Program, isFactoryFile: (f: TS.SourceFile) => boolean): UnusedMember[] {
  const checker = program.getTypeChecker();
  const files = program.getSourceFiles().filter((f) => !f.isDeclarationFile && !f.fileName.includes('/node_modules/'));
  const members: Member[] = [];
  for (const f of files) if (isFactoryFile(f)) factoryMembers(f, checker, members);
  const names = new Set(members.map((m) => m.name));

  const read = new Set<TS.Node>();
  const named = new Set<string>();
  const mark = (sym: TS.Symbol | undefined) => {
    if (!sym) return;
    for (const s of [sym, ...checker.getRootSymbols(sym)]) for (const d of s.declarations ?? []) read.add(d);
  };
  const visit = (n: TS.Node) => {
    // Only the accesses whose name some member has are resolved: resolving every one would check the whole program.
    if (ts.isPropertyAccessExpression(n) && names.has(n.name.text)) mark(checker.getSymbolAtLocation(n.name));
    else if (ts.isElementAccessExpression(n) && ts.isStringLiteralLike(n.argumentExpression) && names.has(n.argumentExpression.text))
      mark(checker.getSymbolAtLocation(n.argumentExpression));
    else if (ts.isBindingElement(n) && ts.isObjectBindingPattern(n.parent)) {
      const key = n.propertyName ?? n.name;
      if ((ts.isIdentifier(key) || ts.isStringLiteral(key)) && names.has(key.text))
        mark(checker.getTypeAtLocation(n.parent).getProperty(key.text));
    } else if (ts.isLiteralTypeNode(n) && ts.isStringLiteral(n.literal) && names.has(n.literal.text)) named.add(n.literal.text);
    else if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'spyOn') {
      const key = n.arguments[1];
      if (key && ts.isStringLiteralLike(key)) named.add(key.text);
    }
    ts.forEachChild(n, visit);
  };
  for (const f of files) visit(f);

  return (
    members
      // A member of a library's interface (a storage adapter) is read by the library.
      .filter(
        (m) => !read.has(m.node) && !named.has(m.name) && !m.implemented.some((d) => read.has(d) || d.getSourceFile().isDeclarationFile),
      )
      .map((m) => ({ file: m.file.fileName, line: m.file.getLineAndCharacterOfPosition(m.node.getStart(m.file)).line + 1, name: m.path }))
  );
}

function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const program = ts.createProgram(config.fileNames, config.options);
  // The app's factories; a test's own helper factories are its business.
  const isFactoryFile = (f: TS.SourceFile) => {
    const rel = path.relative(root, f.fileName);
    return !/\.test\.tsx?$/.test(rel) && !/^(test|bench)\//.test(rel);
  };
  const unused = unusedMembers(program, isFactoryFile).filter((u) => !READ_BY_LIBRARIES.has(`${path.relative(root, u.file)} ${u.name}`));
  for (const u of unused) console.error(`${path.relative(root, u.file)}:${u.line}  ${u.name} is returned by a factory but never read`);
  if (unused.length) {
    console.error(`${unused.length} unused factory member(s): remove them, or read them where they are meant to be used.`);
    process.exit(1);
  }
  console.log('unused-members: every member of a factory-returned object is read somewhere');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
