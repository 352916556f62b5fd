// The size rule: no component file over 200 lines and no function over 80 lines, data tables aside. A screen
// that grows past that is usually several things at once (a flow, an offer, a paywall); the rule asks for
// them to be split by what they do. It reads each file with TypeScript's parser only (no type checker), so it
// is quick, and it is written for a list of folders: the web app is held to it (sizes.test.ts); the server's
// folders can be held to it later with an allow-list of the offenders that are still to be split.
//
// What counts:
// - a component file: a `.tsx` file (tests aside), measured in physical lines;
// - a function: a declaration, an arrow, a function expression, a method, an accessor or a constructor,
//   measured from its first token (its doc comment aside) to its last;
// - data tables are left out: a file that is only literal data (imports, types and constants whose values are
//   literals: strings, numbers, objects, arrays, `as const`), and a function whose body only returns such a
//   literal. A literal holds no logic to split, and cutting a table in two only hides what belongs together.
import fs from 'node:fs';
import path from 'node:path';
import type * as TS from 'typescript';
import ts from './typescript';

const COMPONENT_LINES = 200;
const FUNCTION_LINES = 80;

export interface SizeFault {
  /** The file, relative to the root. */
  file: string;
  /** The function's name, or null for a whole component file. */
  name: string | null;
  line: number;
  lines: number;
}

export interface SizeOptions {
  componentLines?: number;
  functionLines?: number;
  /** Offenders still to be split, as `file` (a whole component file) or `file#name` (a function). */
  allow?: readonly string[];
}

/** True for an expression that is only literal data: no call, no identifier but `undefined`, no JSX. */
function isLiteralData(node: TS.Expression): boolean {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    return isLiteralData(node.expression);
  if (
    ts.isStringLiteral(node) ||
    ts.isNumericLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isRegularExpressionLiteral(node) ||
    node.kind === ts.SyntaxKind.TrueKeyword ||
    node.kind === ts.SyntaxKind.FalseKeyword ||
    node.kind === ts.SyntaxKind.NullKeyword ||
    (ts.isIdentifier(node) && node.text === 'undefined')
  )
    return true;
  if (ts.isPrefixUnaryExpression(node)) return node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand);
  if (ts.isArrayLiteralExpression(node)) return node.elements.every(isLiteralData);
  if (ts.isObjectLiteralExpression(node))
    return node.properties.every((p) => ts.isPropertyAssignment(p) && !ts.isComputedPropertyName(p.name) && isLiteralData(p.initializer));
  return false;
}

/** True for a file of imports, types and constants that are literal data, with at least one such constant. */
function isDataFile(file: TS.SourceFile): boolean {
  let constants = 0;
  for (const s of file.statements) {
    if (ts.isImportDeclaration(s) || ts.isTypeAliasDeclaration(s) || ts.isInterfaceDeclaration(s)) continue;
    if (ts.isExportDeclaration(s) && s.isTypeOnly) continue;
    if (!ts.isVariableStatement(s)) return false;
    for (const d of s.declarationList.declarations) {
      if (!d.initializer || !isLiteralData(d.initializer)) return false;
      constants++;
    }
  }
  return constants > 0;
}

type FunctionNode = TS.FunctionLikeDeclaration;

const isFunction = (node: TS.Node): node is FunctionNode =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node) ||
  ts.isConstructorDeclaration(node);

/** True for a function whose body only returns literal data (`() => ({…})`, `{ return […]; }`). */
function returnsOnlyData(fn: FunctionNode): boolean {
  const body = fn.body;
  if (!body) return false;
  if (!ts.isBlock(body)) return isLiteralData(body);
  const [only] = body.statements;
  return body.statements.length === 1 && ts.isReturnStatement(only) && !!only.expression && isLiteralData(only.expression);
}

/** A readable name: the declaration's, the variable or property it is assigned to, or `<anonymous>`. */
function functionName(fn: FunctionNode): string {
  if (ts.isConstructorDeclaration(fn)) return 'constructor';
  if (fn.name && (ts.isIdentifier(fn.name) || ts.isStringLiteral(fn.name) || ts.isPrivateIdentifier(fn.name))) return fn.name.text;
  const parent = fn.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isCallExpression(parent)) {
    // `useEffect(() => …)`, `memo(function …)`: the callee names it, with the enclosing function's name.
    const callee = parent.expression.getText();
    let outer: TS.Node | undefined = parent.parent;
    while (outer && !isFunction(outer)) outer = outer.parent;
    return outer ? `${functionName(outer)} > ${callee}(…)` : `${callee}(…)`;
  }
  return '<anonymous>';
}

const lineOf = (file: TS.SourceFile, pos: number) => file.getLineAndCharacterOfPosition(pos).line + 1;

/** The faults of one file's text, `name` being its path relative to the root. */
export function fileSizeFaults(name: string, text: string, options: SizeOptions = {}): SizeFault[] {
  const componentLines = options.componentLines ?? COMPONENT_LINES;
  const functionLines = options.functionLines ?? FUNCTION_LINES;
  const kind = name.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, kind);
  if (isDataFile(file)) return [];
  const faults: SizeFault[] = [];
  const total = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
  if (kind === ts.ScriptKind.TSX && total > componentLines) faults.push({ file: name, name: null, line: 1, lines: total });
  const visit = (node: TS.Node) => {
    if (isFunction(node) && node.body && !returnsOnlyData(node)) {
      const first = lineOf(file, node.getStart(file));
      const lines = lineOf(file, node.getEnd()) - first + 1;
      if (lines > functionLines) faults.push({ file: name, name: functionName(node), line: first, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return faults;
}

/** The source files under the folders (relative to the root), tests, fixtures and declaration files aside. */
function sourceFiles(root: string, folders: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== '__fixtures__') walk(rel);
      } else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) out.push(rel);
    }
  };
  for (const folder of folders) walk(folder);
  return out.sort();
}

/** How a fault is named in an allow-list and in a failure: `file` or `file#name`. */
export const faultKey = (f: SizeFault) => (f.name === null ? f.file : `${f.file}#${f.name}`);

/** Every fault in the folders, those the allow-list names aside. */
export function sizeFaults(root: string, folders: readonly string[], options: SizeOptions = {}): SizeFault[] {
  const allowed = new Set(options.allow ?? []);
  return sourceFiles(root, folders)
    .flatMap((f) => fileSizeFaults(f, fs.readFileSync(path.join(root, f), 'utf8'), options))
    .filter((f) => !allowed.has(faultKey(f)));
}

/** One line a fault: where it is and how long. */
export const describeFault = (f: SizeFault) =>
  f.name === null
    ? `${f.file}: component file of ${f.lines} lines (limit ${COMPONENT_LINES})`
    : `${f.file}:${f.line} ${f.name}: function of ${f.lines} lines (limit ${FUNCTION_LINES})`;

// `tsx scripts/sizes.ts [folder…]` lists the offenders (webapp/src unless folders are given).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const root = path.resolve(import.meta.dirname, '..');
  const folders = process.argv.slice(2);
  for (const f of sizeFaults(root, folders.length ? folders : ['webapp/src'])) console.log(describeFault(f));
}
