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
 * kept in English until a lawyer has written it in each language; a date field's pattern and AM/PM are formats.
 */
const ALLOWED: Record<string, string> = {
  'features/terms/termsSections.tsx': 'legal text, English until written for each language',
  'features/terms/TermsPage.tsx': 'legal text, English until written for each language',
  'features/garage/DateField.tsx': 'the date pattern yyyy-mm-dd',
  'features/garage/TimeSelect.tsx': 'AM and PM of the 12-hour clock',
  'shared/ui/HomeBreadcrumb.tsx': 'the separator ">"',
};

function literalTexts(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
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
