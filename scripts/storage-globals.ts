import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Where code names the browser's storage as a global (`sessionStorage`, `window.localStorage`,
 * `globalThis['sessionStorage']`, …). src/lib/storage.ts is the one way to it: storage may be
 * denied (its very getter throws), and the console must then run on memory alone. The source is
 * parsed, so a comment, a string or another object's property (`options.localStorage`) is none.
 */

const NAMES = new Set(['sessionStorage', 'localStorage']);
const GLOBALS = new Set(['window', 'globalThis', 'self']);

export interface StorageUse {
  line: number;
  name: string;
}

const isGlobal = (node: ts.Expression) => ts.isIdentifier(node) && GLOBALS.has(node.text);

/** Whether `node` (a name of storage) is the global rather than a key or a property. */
function namesGlobal(node: ts.Identifier | ts.StringLiteral): boolean {
  const parent = node.parent;
  if (ts.isStringLiteral(node)) {
    return ts.isElementAccessExpression(parent) && isGlobal(parent.expression);
  }
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) {
    return isGlobal(parent.expression);
  }
  // A key of an object, a class or a type (`{ localStorage: x }`), not the shorthand `{ localStorage }`.
  const named = parent as ts.Node & { name?: ts.Node };
  if (named.name === node && !ts.isShorthandPropertyAssignment(parent)) {
    return ts.isVariableDeclaration(parent) || ts.isParameter(parent);
  }
  return !ts.isQualifiedName(parent) || parent.left === node;
}

export function storageGlobalUses(fileName: string, text: string): StorageUse[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const uses: StorageUse[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isIdentifier(node) || ts.isStringLiteral(node)) && NAMES.has(node.text)) {
      if (namesGlobal(node)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        uses.push({ line: line + 1, name: node.text });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

/** The source files under `dir` that may not touch storage: lib/storage.ts and tests aside. */
export function checkedSources(root: string, dir = join(root, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    const name = relative(root, path);
    if (entry.isDirectory()) return name === join('src', 'test') ? [] : checkedSources(root, path);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return name === join('src', 'lib', 'storage.ts') ? [] : [path];
  });
}

/** Every use outside lib/storage.ts, as `file:line name`, one a line ('' when there is none). */
export function describeStorageUses(root: string): string {
  return checkedSources(root)
    .flatMap((path) =>
      storageGlobalUses(path, readFileSync(path, 'utf8')).map(
        ({ line, name }) => `${relative(root, path)}:${line} ${name}`,
      ),
    )
    .join('\n');
}
