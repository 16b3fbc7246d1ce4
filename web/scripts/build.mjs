// Builds the client into dist/ (index.html, app.<hash>.js, app.<hash>.css, each game's rules for
// players from docs/play as play/<game>.<lang>.html, fetched when a player opens them, and the
// technical rules from docs/rules as rules/<game>.<lang>.html, linked from the bottom of those) and
// the balance report page dist/report.html (one file, script and style inlined); with --tests, the
// unit tests into dist-test/; with --e2e, the end-to-end driver into dist-test/e2e/.
//
// The script and style are named after a hash of their content (esbuild's [hash]: 8 characters of
// A-Z and 0-9), so `sabbat serve` lets browsers keep them for a year; index.html names them. Every
// text file of dist/ worth it gets a gzip (.gz) and a brotli (.br) twin, which the server sends to
// a browser that accepts them (docs/web.md, "Serving").
import { build } from 'esbuild';
import { rules } from './rules_pages.mjs';
import { cpSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));

async function app() {
  const out = join(root, 'dist');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const built = await build({
    entryPoints: { app: join(root, 'src/main.tsx') },
    loader: { '.css': 'css' },
    outdir: out,
    entryNames: '[name].[hash]',
    // Each language's catalog is a chunk of its own, imported when the page needs it.
    splitting: true,
    chunkNames: '[name].[hash]',
    metafile: true,
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2020'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const names = hashedNames(built.metafile, out);
  let index = readFileSync(join(root, 'src/index.html'), 'utf8');
  for (const [plain, hashed] of Object.entries(names)) {
    if (plain === 'en.js' || plain === 'fr.js') continue; // named by app.js, not by the page
    const ref = `"/${plain}"`;
    if (index.split(ref).length !== 2) throw new Error(`index.html must name ${ref} once`);
    index = index.replace(ref, `"/${hashed}"`);
  }
  writeFileSync(join(out, 'index.html'), index);
  cpSync(join(root, 'src/favicon.svg'), join(out, 'favicon.svg'));
  const pages = rules(join(root, '..', 'docs'), out);
  await report(out);
  const twins = compressAll(out);
  const size = (f, ext = '') => statSync(join(out, f + ext)).size;
  const app = Object.values(names);
  const kib = (n) => (n / 1024).toFixed(1);
  console.log(`dist/: ${app.join(' + ')} = ${kib(app.reduce((n, f) => n + size(f), 0))} KiB, ` +
    `${kib(app.reduce((n, f) => n + size(f, '.gz'), 0))} KiB gzip, ${kib(app.reduce((n, f) => n + size(f, '.br'), 0))} KiB brotli; ` +
    `${pages.play} players' rules pages, ${pages.technical} technical; ${twins} files with .gz and .br twins`);
}

// { 'app.js': 'app.<hash>.js', 'app.css': 'app.<hash>.css', 'en.js': …, 'fr.js': … } from
// esbuild's metafile.
function hashedNames(metafile, out) {
  const names = {};
  for (const file of Object.keys(metafile.outputs)) {
    const name = file.split('/').pop();
    const m = /^(app|en|fr)\.[A-Z0-9]{8}\.(js|css)$/.exec(name);
    if (!m) throw new Error(`build: unexpected output ${file} (a module shared by a catalog and the app?)`);
    names[`${m[1]}.${m[2]}`] = name;
  }
  for (const want of ['app.js', 'app.css', 'en.js', 'fr.js']) if (!names[want]) throw new Error(`build: ${want} missing`);
  return names;
}

// Text files of at least this size get compressed twins; below it the headers outweigh the gain.
const COMPRESS_FROM = 512;
const COMPRESSED = ['.html', '.js', '.css', '.svg', '.json', '.txt', '.map'];

// Writes NAME.gz (gzip level 9) and NAME.br (brotli quality 11) beside every text file of dir,
// each only if it is smaller than the file. Returns how many files got both.
function compressAll(dir) {
  let both = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      both += compressAll(p);
      continue;
    }
    if (!COMPRESSED.some((ext) => name.endsWith(ext))) continue;
    const data = readFileSync(p);
    if (data.length < COMPRESS_FROM) continue;
    const gz = gzipSync(data, { level: 9 });
    const br = brotliCompressSync(data, {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    let made = 0;
    for (const [ext, bytes] of [['.gz', gz], ['.br', br]])
      if (bytes.length < data.length) {
        writeFileSync(p + ext, bytes);
        ++made;
      }
    if (made === 2) ++both;
  }
  return both;
}

const MARKER = '<!--SABBAT-REPORT-DATA-->';

// dist/report.html: the template with report/main.ts's bundle (Vega, Vega-Lite and vega-embed
// in it) and report/report.css inlined, so that the page opens from a file with no network.
// `sabbat report --out` replaces the marker line by the report's data. Not part of the app's
// size budget: it is never served to players.
async function report(out) {
  const dir = join(root, 'report');
  const common = { bundle: true, minify: true, write: false, legalComments: 'none', logLevel: 'warning' };
  const js = await build({
    ...common,
    entryPoints: [join(dir, 'main.ts')],
    format: 'iife',
    target: ['es2020'],
    // Told that the script is inlined, esbuild writes `</script` inside strings as `<\/script`.
    supported: { 'inline-script': false },
  });
  const css = await build({ ...common, entryPoints: [join(dir, 'report.css')], supported: { 'inline-style': false } });
  const script = js.outputFiles[0].text;
  const style = css.outputFiles[0].text;
  // The marker must stay the only one, and nothing inlined may end its element early.
  for (const [name, text, end] of [['script', script, '</script'], ['style', style, '</style']]) {
    if (text.includes(MARKER)) throw new Error(`report: the ${name} contains the data marker`);
    if (text.toLowerCase().includes(end)) throw new Error(`report: the ${name} contains ${end}`);
    if (text.includes('<!--')) throw new Error(`report: the ${name} contains <!--`);
  }
  const template = readFileSync(join(dir, 'template.html'), 'utf8');
  if (template.split(MARKER).length !== 2) throw new Error(`report: template.html must hold ${MARKER} once`);
  // Functions as replacements: a `$` in the bundle is not a pattern.
  const html = template.replace('/*REPORT-CSS*/', () => style.trim()).replace('/*REPORT-JS*/', () => script.trim());
  if (html.split(MARKER).length !== 2) throw new Error(`report: report.html must hold ${MARKER} once`);
  writeFileSync(join(out, 'report.html'), html);
  const size = Buffer.byteLength(html);
  console.log(`dist/report.html (balance report, not in the app budget) = ${(size / 1024).toFixed(0)} KiB, ${(gzipSync(html).length / 1024).toFixed(0)} KiB gzipped`);
}

function testFiles(dir) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) found.push(...testFiles(p));
    else if (name.endsWith('.test.ts') || name.endsWith('.test.tsx')) found.push(p);
  }
  return found;
}

async function tests() {
  const out = join(root, 'dist-test');
  rmSync(out, { recursive: true, force: true });
  const entries = testFiles(join(root, 'test'));
  await build({
    entryPoints: entries,
    inject: [join(root, 'test/catalogs.ts')],
    outdir: out,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: ['node18'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    logLevel: 'warning',
  });
}

async function e2e() {
  await build({
    entryPoints: [join(root, 'e2e/run.ts')],
    outfile: join(root, 'dist-test/e2e/run.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: ['node18'],
    external: ['playwright-core'],
    logLevel: 'warning',
  });
}

if (args.has('--tests')) await tests();
else if (args.has('--e2e')) await e2e();
else await app();
