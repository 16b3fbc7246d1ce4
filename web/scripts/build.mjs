// Builds the client into dist/ (index.html, app.js, app.css); with --tests, the unit tests
// into dist-test/; with --e2e, the end-to-end driver into dist-test/e2e/.
import { build } from 'esbuild';
import { cpSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));

async function app() {
  const out = join(root, 'dist');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: { app: join(root, 'src/main.tsx') },
    loader: { '.css': 'css' },
    outdir: out,
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
  cpSync(join(root, 'src/index.html'), join(out, 'index.html'));
  cpSync(join(root, 'src/favicon.svg'), join(out, 'favicon.svg'));
  let gz = 0;
  for (const f of ['app.js', 'app.css']) gz += gzipSync(readFileSync(join(out, f))).length;
  console.log(`dist/: app.js + app.css = ${(gz / 1024).toFixed(1)} KiB gzipped`);
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
