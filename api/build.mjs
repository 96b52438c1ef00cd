#!/usr/bin/env node
// `npm run build -w api`: the server as plain JavaScript for `node`, so production runs no TypeScript loader.
// esbuild bundles our own code and @checkout/shared (whose package points at TypeScript sources, which node cannot
// load) into dist/main.js, dist/seed.js and dist/reconcile.js; every other package stays an import resolved from
// node_modules at run time (PGlite finds its .wasm beside its own files, the email and payment SDKs load parts lazily),
// so the image installs the api's production dependencies and nothing else. Source maps are written beside the bundles
// for stack traces (`node --enable-source-maps`) and an error tracker's upload; nothing serves them.
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import pageScripts from './page-scripts.cjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
const src = path.join(dir, 'src');
const dist = path.join(dir, 'dist');
const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
const runtimeDependencies = new Set(Object.keys(pkg.dependencies ?? {}));

/** `zod/mini` -> `zod`, `@react-email/render` stays whole. */
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Modules read files that sit beside their source (pages/assets/*.css, the page scripts built into waivers/assets/) through __dirname, which
 * in one bundle would be dist/ for all of them. Each such module gets its own source folder's twin under dist/, where
 * the assets are copied: src/pages/assets.ts reads dist/pages/assets/, src/config.ts (at the root) dist/ itself, whose
 * ../.. is the repository root as before.
 */
const ownDirname = {
  name: 'own-dirname',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (!args.path.startsWith(`${src}${path.sep}`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('__dirname')) return undefined;
      const relative = path.relative(src, path.dirname(args.path)).split(path.sep).join('/');
      const prelude = `const __dirname = require('node:path').join(__bundleDir, ${JSON.stringify(relative)});`;
      return { contents: `${prelude}\n${source}`, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/** Our workspace packages are bundled; every other package is left to node_modules. */
const externals = {
  name: 'externals',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@checkout/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(dist, { recursive: true, force: true });
const result = await esbuild.build({
  entryPoints: {
    main: 'src/app/main.ts',
    seed: 'src/seed/cli.ts',
    reconcile: 'src/ledger/reconcile-cli.ts',
    organiser: 'src/organiser-api/cli.ts',
    catalogue: 'src/organiser-api/catalogue/cli.ts',
  },
  absWorkingDir: dir,
  outdir: dist,
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  format: 'cjs',
  tsconfig: path.join(dir, 'tsconfig.json'),
  sourcemap: true,
  // Kept readable: a production stack trace names our functions even without the maps.
  minify: false,
  banner: { js: 'const __bundleDir = __dirname;' },
  metafile: true,
  logLevel: 'warning',
  plugins: [ownDirname, externals],
});

// The assets those modules read, at the same place relative to their twin folders.
const copyAssets = (folder) => {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const from = path.join(folder, entry.name);
    // The page scripts' TypeScript sources stay behind: their bundles are built below.
    if (entry.name === 'assets')
      cpSync(from, path.join(dist, path.relative(src, from)), {
        recursive: true,
        filter: (file) => !file.endsWith('.ts'),
      });
    else copyAssets(from);
  }
};
copyAssets(src);
// The plain pages' browser scripts (src/<area>/assets/<name>.ts), each beside its twin folder's other assets, where
// src/web/page-scripts.ts reads it: the server never bundles at run time.
const scripts = await pageScripts.buildPageScripts(src, dist);

// A package the bundle imports but the api does not declare as a runtime dependency would be missing from the image
// (`npm ci --omit=dev -w api`): fail the build instead of the container's start.
const undeclared = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const { path: specifier, external } of output.imports) {
    if (external && !isBuiltin(specifier) && !runtimeDependencies.has(packageName(specifier)))
      undeclared.add(packageName(specifier));
  }
}
if (undeclared.size > 0) {
  console.error(
    `api/dist imports packages that api/package.json does not list in dependencies: ${[...undeclared].sort().join(', ')}`,
  );
  process.exit(1);
}
// Test support (the provider stubs in payment/testing/, the test app, test-support.ts helpers) never ships: a production
// module importing one would bundle a stand-in for Stripe, Square or TrueLayer into the server. Fail the build instead.
const testOnly = /(^|\/)(testing\/|test-support\.tsx?$)|\.test\.tsx?$/;
const bundledTests = Object.keys(result.metafile.inputs).filter((input) => testOnly.test(input));
if (bundledTests.length > 0) {
  console.error(`api/dist bundles test-only modules: ${bundledTests.sort().join(', ')}`);
  process.exit(1);
}
const size = (file) => (result.metafile.outputs[path.relative(dir, path.join(dist, file))]?.bytes ?? 0) / 1024;
console.log(
  `api: dist/main.js ${size('main.js').toFixed(0)} KiB, dist/seed.js, dist/reconcile.js, dist/organiser.js, dist/catalogue.js (with source maps) and the page assets (${scripts.length} page scripts)`,
);
