import ts from 'typescript';

/**
 * The comments of a source file, as text, for checks that read what comments cite
 * (scripts/docs-links.test.ts). TypeScript and JavaScript are parsed, so a `//` inside a string,
 * a template, a regular expression or JSX text is not taken for a comment; CSS, HTML, shell,
 * Dockerfile and nginx files are read by their own comment markers.
 */

const COMMENT = /\/\/[^\n]*|\/\*[\s\S]*?\*\//g;

/** Tokens whose own text is not code: only the trivia before them can hold a comment. */
function isTextToken(node: ts.Node): boolean {
  const { kind } = node;
  return (
    (kind >= ts.SyntaxKind.FirstLiteralToken && kind <= ts.SyntaxKind.LastLiteralToken) ||
    (kind >= ts.SyntaxKind.FirstTemplateToken && kind <= ts.SyntaxKind.LastTemplateToken) ||
    node.kind === ts.SyntaxKind.JsxText ||
    node.kind === ts.SyntaxKind.JsxTextAllWhiteSpaces
  );
}

/**
 * Walks the syntax tree and reads comments in the text between child nodes, where only
 * punctuation, keywords and trivia can be. Cheaper than asking for every token (`getChildren`),
 * which took several times as long over the whole repository.
 */
function scriptComments(fileName: string, text: string): string[] {
  const kind = /\.[jt]sx$/.test(fileName)
    ? ts.ScriptKind.TSX
    : /\.[cm]?js$/.test(fileName)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const found: { at: number; text: string }[] = [];
  const between = (from: number, to: number) => {
    if (to <= from) return;
    for (const match of text.slice(from, to).matchAll(COMMENT)) {
      found.push({ at: from + match.index, text: match[0] });
    }
  };
  const visit = (node: ts.Node) => {
    const children: ts.Node[] = [];
    ts.forEachChild(node, (child) => {
      children.push(child);
    });
    if (children.length === 0) {
      between(node.pos, isTextToken(node) ? node.getStart(source) : node.end);
      return;
    }
    let cursor = node.pos;
    for (const child of children) {
      between(cursor, child.pos);
      visit(child);
      cursor = child.end;
    }
    between(cursor, node.end);
  };
  visit(source);
  return found.sort((a, b) => a.at - b.at).map((comment) => comment.text);
}

/** Whole-line `#` comments, and ` # ` after code on a line (shell, Dockerfile, nginx). */
function hashComments(text: string): string[] {
  return [...text.matchAll(/(?:^|\s)#(?![!{])[^\n]*/gm)].map((match) => match[0].trim());
}

export function commentsOf(fileName: string, text: string): string[] {
  if (/\.[cm]?[jt]sx?$/.test(fileName)) return scriptComments(fileName, text);
  if (/\.css$/.test(fileName)) return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => m[0]);
  if (/\.html$/.test(fileName)) return [...text.matchAll(/<!--[\s\S]*?-->/g)].map((m) => m[0]);
  return hashComments(text);
}

/**
 * A comment's words on one line: comment markers and line breaks gone, so a citation broken over
 * two lines reads as one.
 */
export function commentProse(comment: string): string {
  return comment
    .replace(/^\s*(?:\/\/+|\/\*+|\*+\/?|#+|<!--)/gm, ' ')
    .replace(/(?:\*\/|-->)\s*$/, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
