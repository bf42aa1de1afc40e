/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Extracts the plugin's default messages into `translations/en.json`, the file translators
 * start from, in the `{ formats, messages: { id: text } }` shape of OSD's translation files.
 * Every `i18n.translate('<id>', { defaultMessage })` and `<FormattedMessage id
 * defaultMessage />` in server/, public/ and common/ is read with TypeScript's parser; an id
 * must start with the `.i18nrc.json` prefix, and one id must always carry one message.
 *
 *   npx tsx scripts/i18n_extract.ts          # writes translations/en.json
 *   npx tsx scripts/i18n_extract.ts --check  # fails when the file is not current
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'fs';
import { join, relative, resolve } from 'path';
import ts from 'typescript';

const ROOT = resolve(__dirname, '..');
export const TRANSLATIONS_FILE = resolve(ROOT, 'translations/en.json');
const SOURCE_DIRS = ['server', 'public', 'common'];

interface Message {
  text: string;
  where: string;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const stringValue = (node: ts.Node | undefined): string | undefined =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    ? node.text
    : undefined;

function property(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of object.properties) {
    if (ts.isPropertyAssignment(p) && p.name.getText() === name) return p.initializer;
  }
  return undefined;
}

function jsxAttribute(element: ts.JsxOpeningLikeElement, name: string): string | undefined {
  for (const attribute of element.attributes.properties) {
    if (!ts.isJsxAttribute(attribute) || attribute.name.getText() !== name) continue;
    const init = attribute.initializer;
    if (init && ts.isStringLiteral(init)) return init.text;
    if (init && ts.isJsxExpression(init)) return stringValue(init.expression);
  }
  return undefined;
}

export function extractMessages(prefix: string): Record<string, string> {
  const found = new Map<string, Message>();
  const problems: string[] = [];
  const add = (
    id: string | undefined,
    message: Message | undefined,
    node: ts.Node,
    file: ts.SourceFile
  ) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    const where = `${relative(ROOT, file.fileName)}:${line + 1}`;
    if (id === undefined || message === undefined) {
      problems.push(`${where}: the id and defaultMessage must be plain strings`);
      return;
    }
    if (!id.startsWith(`${prefix}.`))
      problems.push(`${where}: "${id}" does not start with "${prefix}."`);
    const earlier = found.get(id);
    if (earlier && earlier.text !== message.text) {
      problems.push(`${where}: "${id}" has another message at ${earlier.where}`);
    }
    found.set(id, { ...message, where });
  };
  for (const path of SOURCE_DIRS.flatMap((dir) => sources(resolve(ROOT, dir)))) {
    const file = ts.createSourceFile(
      path,
      readFileSync(path, 'utf8'),
      ts.ScriptTarget.Latest,
      true
    );
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        node.expression.getText(file) === 'i18n.translate' &&
        node.arguments.length >= 2 &&
        ts.isObjectLiteralExpression(node.arguments[1])
      ) {
        const options = node.arguments[1];
        const text = stringValue(property(options, 'defaultMessage'));
        add(
          stringValue(node.arguments[0]),
          text === undefined ? undefined : { text, where: '' },
          node,
          file
        );
      } else if (
        (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) &&
        node.tagName.getText(file) === 'FormattedMessage'
      ) {
        const text = jsxAttribute(node, 'defaultMessage');
        add(
          jsxAttribute(node, 'id'),
          text === undefined ? undefined : { text, where: '' },
          node,
          file
        );
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  if (problems.length > 0) throw new Error(`i18n messages:\n  ${problems.join('\n  ')}`);
  return Object.fromEntries(
    [...found.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([id, { text }]) => [id, text])
  );
}

export function translationsFileContent(): string {
  const { prefix } = JSON.parse(readFileSync(resolve(ROOT, '.i18nrc.json'), 'utf8')) as {
    prefix: string;
  };
  return `${JSON.stringify({ formats: {}, messages: extractMessages(prefix) }, null, 2)}\n`;
}

if (require.main === module) {
  const content = translationsFileContent();
  if (process.argv.includes('--check')) {
    const current = readFileSync(TRANSLATIONS_FILE, 'utf8');
    if (current !== content) {
      console.error('translations/en.json is not current: run npx tsx scripts/i18n_extract.ts');
      process.exit(1);
    }
  } else {
    writeFileSync(TRANSLATIONS_FILE, content);
    console.log(
      `${relative(ROOT, TRANSLATIONS_FILE)}: ${Object.keys(JSON.parse(content).messages).length} messages`
    );
  }
}
