#!/usr/bin/env node
// Bundles scripts/serve-static.mjs with fastify and @fastify/static into one file that needs no node_modules: a remote's
// image is then the node runtime, this file and the remote's dist/ (deploy/remote.Dockerfile).
// Usage: node scripts/bundle-static-server.mjs <out-file>
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const [out] = process.argv.slice(2);
if (!out) {
  console.error('usage: bundle-static-server.mjs <out-file>');
  process.exit(2);
}
await esbuild.build({
  entryPoints: [path.join(path.dirname(fileURLToPath(import.meta.url)), 'serve-static.mjs')],
  outfile: path.resolve(out),
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  minify: true,
  // Some of fastify's dependencies are CommonJS and call require(): an ES module bundle needs one of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log(`static server bundled into ${out}`);
