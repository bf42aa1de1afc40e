/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * No module of common/ imports itself back, not even for types only: a cycle makes the load
 * order matter and hides which module a concept belongs to. The one exception is the syntax
 * tree's recursion (below), and it must stay types only. Imports are read with the
 * TypeScript compiler's own pre-processor, so `import type` and `export … from` count too.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import { dirname, join, relative, resolve } from 'path';
import ts from 'typescript';

const ROOT = resolve(__dirname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => existsSync(p));
}

/** Each module's relative imports inside common/. */
function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map((i) => resolveImport(file, i.fileName))
        .filter((t): t is string => t !== undefined && t.startsWith(ROOT));
      return [file, [...new Set(targets)]];
    })
  );
}

/** Every cycle, each as the path of modules that closes it (Tarjan's strongly connected parts). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const part: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found.map((part) => part.map((p) => relative(ROOT, p)));
}

describe('imports in common/', () => {
  it('finds a cycle when there is one (the check itself)', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts']],
      ['/d.ts', ['/a.ts']],
    ]);
    expect(cycles(graph).map((c) => c.map((p) => p.replace(/.*\//, '')))).toEqual([
      ['a.ts', 'b.ts', 'c.ts'],
    ]);
  });

  it('reads type-only imports and re-exports as imports', () => {
    const { importedFiles } = ts.preProcessFile(
      "import type { A } from './a';\nexport { B } from './b';\nexport * from './c';",
      true,
      true
    );
    expect(importedFiles.map((i) => i.fileName)).toEqual(['./a', './b', './c']);
  });

  it("has no import cycle but the syntax tree's own recursion, which is types only", () => {
    const graph = importGraph(sourceFiles(ROOT));
    expect(graph.size).toBeGreaterThan(50);
    // A subsearch (combining_ast.ts) holds a source and commands; the Command union (ast.ts)
    // holds the commands that nest subsearches. Recursive types need the two to name each other;
    // the type imports are erased, so nothing loads in a cycle at run time.
    const recursion = ['ppl/ast.ts', 'ppl/commands/combining_ast.ts'];
    expect(cycles(graph)).toEqual([recursion]);
    for (const file of recursion) {
      expect([file, valueImports(join(ROOT, file))]).toEqual([file, []]);
    }
  });
});

/** The relative imports and re-exports of a file that are not type-only. */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((s) => {
    if (ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier)) {
      const typeOnly =
        s.importClause?.isTypeOnly ||
        (s.importClause?.namedBindings !== undefined &&
          ts.isNamedImports(s.importClause.namedBindings) &&
          s.importClause.name === undefined &&
          s.importClause.namedBindings.elements.every((e) => e.isTypeOnly));
      return typeOnly ? [] : [s.moduleSpecifier.text];
    }
    if (ts.isExportDeclaration(s) && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier)) {
      return s.isTypeOnly ? [] : [s.moduleSpecifier.text];
    }
    return [];
  });
}
