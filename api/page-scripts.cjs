// The browser scripts of the api's plain pages: every src/<area>/assets/<name>.ts is an entry, bundled by esbuild
// with what it imports (src/web/browser/, @checkout/shared) into one classic script. build.mjs writes them into
// dist/<area>/assets/<name>.js for production, with their source maps beside them but not referenced; from source
// (tsx, jest) src/web/page-scripts.ts bundles an entry in memory when it is first served. One set of options here,
// so both ways make the same script.
const { existsSync, readdirSync } = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

/** @type {import('esbuild').BuildOptions} */
const OPTIONS = {
  bundle: true,
  platform: 'browser',
  // A classic script with nothing global: the pages load it with <script src defer>, never as a module.
  format: 'iife',
  target: ['es2020'],
  minify: true,
  legalComments: 'none',
  tsconfig: path.join(__dirname, 'tsconfig.json'),
  logLevel: 'warning',
};

/** Every page script's entry under `src`, as esbuild entry points named by their place (`pages/assets/all-events`). */
function pageScriptEntries(src) {
  const entries = [];
  for (const area of readdirSync(src, { withFileTypes: true })) {
    const assets = path.join(src, area.name, 'assets');
    if (!area.isDirectory() || !existsSync(assets)) continue;
    for (const file of readdirSync(assets)) {
      if (!file.endsWith('.ts') || file.endsWith('.d.ts') || file.endsWith('.test.ts')) continue;
      entries.push({ in: path.join(assets, file), out: path.join(area.name, 'assets', file.slice(0, -'.ts'.length)) });
    }
  }
  return entries;
}

/** Production: each entry to `outdir`, its source map written beside it (for an error tracker) and not referenced. */
async function buildPageScripts(src, outdir) {
  const entries = pageScriptEntries(src);
  await esbuild.build({ ...OPTIONS, entryPoints: entries, outdir, sourcemap: 'external' });
  return entries.map((entry) => `${entry.out}.js`);
}

/** From source: one entry's script, in memory, no source map. */
function bundlePageScript(entry) {
  const result = esbuild.buildSync({ ...OPTIONS, entryPoints: [entry], write: false });
  return result.outputFiles[0].text;
}

module.exports = { pageScriptEntries, buildPageScripts, bundlePageScript };
