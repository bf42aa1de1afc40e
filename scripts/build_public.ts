/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Builds the browser bundles the host serves from build/public: `host_core.js` (the host's core,
 * which loads the plugin's public entry), `host_core.css` (OUI's light theme) and `theme_dark.css`
 * (OUI's dark theme, for `theme:darkMode`), with the app
 * itself in a chunk of its own that the app's mount loads on demand.
 *
 *   npx tsx scripts/build_public.ts
 *
 * Fails when the app's code ends up in what the first page load fetches: code-splitting is the
 * point of the dynamic import in public/plugin.ts, and a stray static import would undo it.
 */
import { build, type Metafile, type Plugin } from 'esbuild';
import { rmSync } from 'fs';
import { relative, resolve, sep } from 'path';
import { gzipSync } from 'zlib';
import { readFileSync } from 'fs';

const ROOT = resolve(__dirname, '..');
export const PUBLIC_OUT_DIR = resolve(ROOT, 'build/public');
const ENTRY = 'host/public/index.tsx';
/** Inputs that must only arrive through the app's dynamic import. */
const APP_ONLY = [/^public\/application\.tsx$/, /^public\/app\.tsx$/, /^public\/pages\//];

/**
 * `common/` holds declarations and pure functions. Telling esbuild so lets it drop what a chunk
 * does not use (the io-ts codecs, when the browser only needs paths and ids).
 */
const commonIsPure: Plugin = {
  name: 'common-is-pure',
  setup(pluginBuild) {
    const commonDir = resolve(ROOT, 'common') + sep;
    pluginBuild.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.pluginData === 'common-is-pure') return undefined;
      const result = await pluginBuild.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'common-is-pure',
      });
      if (result.errors.length > 0 || !result.path.startsWith(commonDir)) return result;
      return { ...result, sideEffects: false };
    });
  },
};

export interface OutputSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface BuildResult {
  metafile: Metafile;
  entry: OutputSize;
  css: OutputSize;
  /** The chunk holding public/application.tsx. */
  appChunk: OutputSize;
  /** Every script the page fetches before the app mounts (the entry and its static imports). */
  firstLoad: OutputSize[];
  /** Every .js/.css output, largest first. */
  outputs: OutputSize[];
}

function sizeOf(file: string): OutputSize {
  const content = readFileSync(resolve(ROOT, file));
  return {
    file: relative(PUBLIC_OUT_DIR, resolve(ROOT, file)),
    bytes: content.length,
    gzipBytes: gzipSync(content).length,
  };
}

/** Every output the entry pulls in statically, i.e. what the first page load fetches. */
function initialOutputs(metafile: Metafile, entryOutput: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  visit(entryOutput);
  return seen;
}

function checkCodeSplitting(metafile: Metafile): {
  entry: string;
  css: string;
  app: string;
  loadedFirst: Set<string>;
} {
  const outputs = Object.entries(metafile.outputs);
  const entry = outputs.find(([, o]) => o.entryPoint === ENTRY)?.[0];
  if (!entry) throw new Error(`no output for the entry ${ENTRY}`);
  const css = metafile.outputs[entry].cssBundle;
  if (!css) throw new Error('the entry has no CSS bundle (is OUI’s theme imported?)');

  const loadedFirst = initialOutputs(metafile, entry);
  for (const file of loadedFirst) {
    const leaked = Object.keys(metafile.outputs[file].inputs).filter((input) =>
      APP_ONLY.some((pattern) => pattern.test(input))
    );
    if (leaked.length > 0) {
      throw new Error(
        `${file} is loaded by the first page load but holds app code (${leaked.join(', ')}); ` +
          'import it only through the dynamic import in public/plugin.ts'
      );
    }
  }
  const app = outputs.find(([, o]) => 'public/application.tsx' in o.inputs)?.[0];
  if (!app) throw new Error('no output holds public/application.tsx');
  return { entry, css, app, loadedFirst };
}

export async function buildPublic(): Promise<BuildResult> {
  rmSync(PUBLIC_OUT_DIR, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    // OUI's dark theme, linked instead of host_core.css when `theme:darkMode` is on.
    entryPoints: { host_core: ENTRY, theme_dark: '@elastic/eui/dist/eui_theme_dark.css' },
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: PUBLIC_OUT_DIR,
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    minify: true,
    sourcemap: true,
    target: 'es2020',
    jsx: 'automatic',
    // OSD's webpack gives bundles Node's `global` (OUI's data grid reads `global` when it loads).
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    loader: {
      '.woff': 'file',
      '.woff2': 'file',
      '.ttf': 'file',
      '.eot': 'file',
      '.svg': 'file',
      '.png': 'file',
    },
    // OUI imports `@opensearch/datemath`, which OSD provides as one of its own packages; OUI
    // ships the same module, so the host's bundle takes it from there.
    alias: { '@opensearch/datemath': '@elastic/eui/packages/opensearch-datemath' },
    plugins: [commonIsPure],
    metafile: true,
    logLevel: 'warning',
  });

  const { entry, css, app, loadedFirst } = checkCodeSplitting(result.metafile);
  const outputs = Object.keys(result.metafile.outputs)
    .filter((file) => /\.(js|css)$/.test(file))
    .map(sizeOf)
    .sort((a, b) => b.bytes - a.bytes);
  return {
    metafile: result.metafile,
    entry: sizeOf(entry),
    css: sizeOf(css),
    appChunk: sizeOf(app),
    firstLoad: [...loadedFirst].map(sizeOf),
    outputs,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function describeSizes(result: BuildResult): string {
  const line = (label: string, o: OutputSize) =>
    `  ${label.padEnd(22)} ${o.file.padEnd(40)} ${kb(o.bytes).padStart(10)}  (${kb(o.gzipBytes)} gzip)`;
  const named = new Set([result.entry.file, result.css.file, result.appChunk.file]);
  const others = result.outputs.filter((o) => !named.has(o.file));
  const large = others.filter((o) => o.bytes >= 20 * 1024);
  const small = others.filter((o) => o.bytes < 20 * 1024);
  const total = result.outputs.reduce((sum, o) => sum + o.bytes, 0);
  const sum = (list: OutputSize[], key: 'bytes' | 'gzipBytes') =>
    list.reduce((n, o) => n + o[key], 0);
  return [
    `build/public:`,
    line('entry (first load)', result.entry),
    line('css', result.css),
    line('app (on mount)', result.appChunk),
    ...large.map((o) => line('shared chunk', o)),
    `  ${small.length} smaller chunks (OUI icons load one by one): ${kb(
      small.reduce((sum, o) => sum + o.bytes, 0)
    )}`,
    `  first load: ${kb(sum(result.firstLoad, 'bytes'))} (${kb(sum(result.firstLoad, 'gzipBytes'))} gzip) ` +
      `of scripts in ${result.firstLoad.length} files, plus the css; the app chunk follows on mount`,
    `  total ${kb(total)} in ${result.outputs.length} files`,
  ].join('\n');
}

if (require.main === module) {
  buildPublic().then(
    (result) => console.log(describeSizes(result)),
    (error: Error) => {
      console.error(`build_public: ${error.message}`);
      process.exit(1);
    }
  );
}
