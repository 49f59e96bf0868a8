/**
 * Every text a person reads comes from the contract's catalogues, in the language the page is read in: no
 * component writes one of its own, and no catalogue holds a text nobody shows.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { messages } from '@rummage/contract';

const REPO = join(__dirname, '../../../..');
const WEB_SRC = join(REPO, 'apps/web/src');

function sourceFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file) && !/\.test\.|(^|[\\/])test[\\/]|node_modules|dist[\\/]/.test(file))
    .map((file) => join(dir, file));
}

/** Attributes a person reads or hears. */
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label']);

/**
 * Literal texts not (yet) in the catalogues, with the reason. The terms' body is the installation's legal text,
 * kept in English until a lawyer has written it in each language; AM and PM are the 12-hour clock's own marks.
 */
const ALLOWED: Record<string, string> = {
  'features/terms/termsSections.tsx': 'legal text, English until written for each language',
  'features/terms/TermsPage.tsx': 'legal text, English until written for each language',
  'features/garage/TimeSelect.tsx': 'AM and PM of the 12-hour clock',
  'shared/ui/HomeBreadcrumb.tsx': 'the separator ">"',
};

/** A source file's syntax tree, with its parents (the checks look up from a string to where it stands). */
function parsed(file: string): ts.SourceFile {
  return ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}

function literalTexts(file: string): string[] {
  const source = parsed(file);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /\p{L}/u.test(node.text)) found.push(node.text.trim());
    if (
      ts.isJsxAttribute(node) &&
      READ_ATTRIBUTES.has(node.name.getText()) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer) &&
      /\p{L}/u.test(node.initializer.text)
    )
      found.push(`${node.name.getText()}="${node.initializer.text}"`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Strings in code that read like words but are not texts a person reads: selectors, a date format, a value the
 * schema refuses on purpose, names in a developer's timeout error, a map's attribution (the data's licence).
 */
const NOT_TEXTS = new Set([
  'input, textarea',
  'a, button',
  'ddd, MMM D',
  'not a number',
  'push service',
  'service worker',
  '&copy; OpenStreetMap contributors',
]);

/** Calls and constructors whose string arguments are for developers or the DOM, never shown. */
const QUIET_CALLS = /^(console\.\w+|clsx|cn|\w*querySelector\w*)$/;

/** A string that reads like words: two or more of them, none with the marks of a class list, URL or selector. */
function readsLikeWords(text: string): boolean {
  const words = text.trim().split(/\s+/);
  if (words.length < 2) return false;
  const plain = words.filter((word) => /^(\p{L}[\p{L}'’]*|\{\w+\})[,.…!?:]?$/u.test(word));
  const technical = words.some(
    (word) => !/^\{\w+\}/.test(word) && /[-:[\]/=#>]/.test(word.replace(/[.…!?]$/, '')),
  );
  return plain.length >= 2 && plain.length * 2 >= words.length && !technical;
}

/** Whether a string sits where no person reads it: a class name, an import, a type, a developer's message. */
function unread(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isJsxAttribute(parent)) return /class|rel|type|accept|autoComplete/i.test(parent.name.getText());
    if (ts.isCallExpression(parent) && QUIET_CALLS.test(parent.expression.getText())) return true;
    if (ts.isNewExpression(parent) && /Error$/.test(parent.expression.getText())) return true;
    if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isLiteralTypeNode(parent))
      return true;
    if (
      (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) &&
      /class/i.test(parent.name.getText())
    )
      return true;
    if (ts.isBlock(parent) || ts.isSourceFile(parent)) return false;
  }
  return false;
}

/** Strings anywhere in a module (constants, helpers, props) that read like words a person would read. */
function wordsInCode(file: string): string[] {
  const source = parsed(file);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      readsLikeWords(node.text) &&
      !NOT_TEXTS.has(node.text) &&
      !unread(node)
    )
      found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every text's path in the catalogue: "footer.language". */
function paths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    paths(inner, prefix ? `${prefix}.${key}` : key),
  );
}

/**
 * Texts looked up by a key made at run time (a notification's kind, an error's code), which a search of the
 * source for their name cannot find. Their groups are named here; each still has to be in every catalogue.
 */
const LOOKED_UP_BY_KEY = [
  // The captcha widget reads its texts by its own names (features/account/Captcha.tsx).
  /^register\.captchaWidget\./,
  /^categories\./,
  /^notificationTexts\./,
  /^staff\./,
  /^safety\./,
  /^accessibility\./,
];

describe('texts', () => {
  it('no component writes a text a person reads: they come from the catalogues', () => {
    const literals = sourceFiles(WEB_SRC, /\.tsx$/).flatMap((file) => {
      const name = relative(WEB_SRC, file).replaceAll('\\', '/');
      return ALLOWED[name] ? [] : literalTexts(file).map((text) => `${name}: ${text}`);
    });
    expect(literals).toEqual([]);
  });

  it('no module keeps words of its own either: constants and helpers take theirs from the catalogues too', () => {
    const words = sourceFiles(WEB_SRC, /\.tsx?$/)
      .filter((file) => !/testData|testProfiles|\.d\.ts$/.test(file))
      .flatMap((file) => {
        const name = relative(WEB_SRC, file).replaceAll('\\', '/');
        return ALLOWED[name] ? [] : wordsInCode(file).map((text) => `${name}: ${text}`);
      });
    expect(words).toEqual([]);
  });

  it('every text of the catalogues is shown somewhere: its name appears in the web or server source', () => {
    const source = [
      ...sourceFiles(WEB_SRC, /\.tsx?$/),
      ...sourceFiles(join(REPO, 'apps/server/src'), /\.ts$/),
      ...sourceFiles(join(REPO, 'packages/contract/src'), /\.ts$/).filter(
        (file) => !/messages\.ts$|[\\/]locales[\\/]/.test(file),
      ),
    ]
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unused = paths(messages).filter((path) => {
      if (LOOKED_UP_BY_KEY.some((pattern) => pattern.test(path))) return false;
      const name = path.split('.').at(-1)!;
      return !new RegExp(`[.'"\\s]${name}\\b`).test(source);
    });
    expect(unused).toEqual([]);
  });
});
