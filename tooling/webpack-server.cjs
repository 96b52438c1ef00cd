// The server builds: what the api renders the first step with, before the page's scripts arrive. The shell's renderer
// (shell/dist/server/render.js, loaded by the api from the shell's build) and, per remote, a Module Federation
// container for Node (dist/server/remoteEntry.js beside its browser build, served by the remote's static server like
// the rest of it), which the renderer loads at run time from the remote's URL through the federation runtime. So a
// remote's server code deploys as its browser code does: by publishing its build and changing its URL.
'use strict';

const { createHash } = require('node:crypto');
const path = require('node:path');
const { createRequire } = require('node:module');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { baseConfig } = require('./webpack.cjs');

const webpack = createRequire(require.resolve('@module-federation/enhanced/webpack'))('webpack');

/** Styles are the browser build's business: on the server a stylesheet import is an inert string. */
const INERT_CSS = { test: /\.css$/, type: 'asset/source' };

/**
 * On Node, a package's CommonJS and ES module builds are both reachable: preact/compat required by a CommonJS
 * dependency (effector-react, single-spa-react) and imported by our modules would be two Preacts, and a hook run by one
 * while the other renders finds no component. Every entry point of Preact and its renderer is named as its ES module
 * file, so the server build holds one Preact, as the page's build does (there the browser condition picks one file).
 */
function onePreact() {
  const preact = path.dirname(require.resolve('preact/package.json'));
  const renderer = path.dirname(require.resolve('preact-render-to-string/package.json', { paths: [preact] }));
  const compat = path.join(preact, 'compat/dist/compat.mjs');
  return {
    react$: compat,
    'react-dom$': compat,
    'preact/compat$': compat,
    'react/jsx-runtime$': path.join(preact, 'compat/jsx-runtime.mjs'),
    'react-dom/client$': path.join(preact, 'compat/client.mjs'),
    'react-dom/server$': path.join(preact, 'compat/server.mjs'),
    preact$: path.join(preact, 'dist/preact.mjs'),
    'preact/hooks$': path.join(preact, 'hooks/dist/hooks.mjs'),
    'preact/jsx-runtime$': path.join(preact, 'jsx-runtime/dist/jsxRuntime.mjs'),
    'preact-render-to-string$': path.join(renderer, 'dist/index.mjs'),
    'preact-render-to-string/stream$': path.join(renderer, 'dist/stream/index.mjs'),
    'preact-render-to-string/stream-node$': path.join(renderer, 'dist/stream/node/index.mjs'),
  };
}

function serverBase({ dir, production }) {
  const config = baseConfig({ dir, production, publicPath: 'auto' });
  config.resolve.alias = { ...onePreact(), ...config.resolve.alias };
  config.target = 'node20';
  // No source maps and no minifying: the files never reach a browser, and a stack trace should read as written.
  config.devtool = false;
  config.optimization = { minimize: false };
  config.module.rules.push(INERT_CSS);
  config.output = {
    ...config.output,
    path: path.join(dir, 'dist', 'server'),
    filename: '[name].js',
    chunkFilename: '[name].js',
    clean: true,
  };
  return config;
}

/**
 * The singletons a remote's server container takes from the renderer's share scope (shell/src/server/step-remote.ts
 * provides exactly these): never its own copies (`import: false`), so the step renders with the frame's React and in
 * the frame's effector scope.
 */
function serverShared(dir) {
  const dependencies = require(path.join(dir, 'package.json')).dependencies ?? {};
  const borrowed = (pkg) => ({
    import: false,
    singleton: true,
    strictVersion: true,
    requiredVersion: dependencies[pkg],
  });
  // react and react-dom are the renderer's preact/compat, at Preact's version (tooling/webpack.cjs).
  return {
    react: borrowed('preact'),
    'react/jsx-runtime': borrowed('preact'),
    'react-dom': borrowed('preact'),
    'react-dom/client': borrowed('preact'),
    effector: borrowed('effector'),
    'effector-react': borrowed('effector-react'),
    'single-spa-react': borrowed('single-spa-react'),
  };
}

/** The shell's renderer: one CommonJS file for Node, everything bundled (the api needs no package of the page's). */
function shellServerConfig({ dir, entry = './src/server/render.tsx' }) {
  return (_env, argv = {}) => {
    const production = (argv.mode || process.env.NODE_ENV) === 'production';
    const config = serverBase({ dir, production });
    config.entry = { render: entry };
    config.output.library = { type: 'commonjs2' };
    config.plugins = [];
    return config;
  };
}

/** Where a remote's server build names its pin, beside the container it pins (the operator carries it to the api). */
const INTEGRITY_FILE = 'integrity.json';

/**
 * Writes dist/server/integrity.json: `{ "remoteEntry.js": "sha384-…" }`, the pin the api checks the container's bytes
 * against before it runs them. The pin covers the whole server build only while the container is its one file of
 * code, so a build that emits any other script fails here rather than ship a part the api would run unchecked.
 */
class ServerIntegrityPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ServerIntegrityPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ServerIntegrityPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          const scripts = Object.keys(assets).filter((name) => /\.(c|m)?js$/.test(name));
          const unpinned = scripts.filter((name) => name !== 'remoteEntry.js');
          if (unpinned.length > 0 || !scripts.includes('remoteEntry.js')) {
            compilation.errors.push(
              new webpack.WebpackError(
                `the server build must be remoteEntry.js alone (the api pins that one file), it emitted: ${scripts.join(', ')}`,
              ),
            );
            return;
          }
          const bytes = assets['remoteEntry.js'].buffer();
          const integrity = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
          compilation.emitAsset(
            INTEGRITY_FILE,
            new webpack.sources.RawSource(`${JSON.stringify({ 'remoteEntry.js': integrity }, null, 2)}\n`),
          );
        },
      );
    });
  }
}

/**
 * A remote's container for Node: the modules of the states the server renders, in one file (remoteEntry.js, no chunks
 * to fetch), as a CommonJS module the federation runtime's Node loader fetches, checks against its pin (integrity.json,
 * written beside it) and evaluates.
 */
function remoteServerConfig({ dir, name, states, entry = './src/index.ts' }) {
  return (_env, argv = {}) => {
    const production = (argv.mode || process.env.NODE_ENV) === 'production';
    const config = serverBase({ dir, production });
    config.target = 'async-node';
    config.entry = {};
    config.output.uniqueName = `${name}_server`;
    config.plugins = [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        library: { type: 'commonjs-module' },
        exposes: Object.fromEntries(states.map((state) => [`./${state}`, entry])),
        dts: false,
        manifest: false,
        shared: serverShared(dir),
      }),
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new ServerIntegrityPlugin(),
    ];
    return config;
  };
}

/**
 * A workspace's builds: the browser build alone under the dev server, else the browser build and its server build side
 * by side. Both write into dist/, so the browser build's clean-up keeps dist/server/.
 */
function withServerBuild(browser, server) {
  if (process.env.WEBPACK_SERVE === 'true') return browser;
  return [
    (env, argv) => {
      const config = browser(env, argv);
      config.output.clean = { keep: /^server[\\/]/ };
      return config;
    },
    server,
  ];
}

module.exports = { shellServerConfig, remoteServerConfig, withServerBuild };
