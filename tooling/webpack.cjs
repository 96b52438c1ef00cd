// One webpack configuration for the shell (Module Federation host) and every remote, so the five builds cannot drift:
// swc for TypeScript (ours and ../shared's sources), hashed file names, the swc minifier, precompressed .gz/.br assets
// and the same strict singletons everywhere.
'use strict';

const path = require('node:path');
const zlib = require('node:zlib');
const { createRequire } = require('node:module');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const webpack = require('webpack');

// webpack 5.110 ships its minimizer as `minimizer-webpack-plugin` (the successor of terser-webpack-plugin): take the
// copy webpack itself depends on rather than adding another version at the root.
const MinimizerPlugin = createRequire(require.resolve('webpack'))('minimizer-webpack-plugin');

// Which states each remote exposes: the page's own map (remoteForState reads the same file).
const REMOTE_STATES = require('@checkout/shared/remotes.json');

const root = path.resolve(__dirname, '..');

/** Remote container names and their dev/static ports. */
const REMOTE_PORTS = { mf_basket: 3001, mf_account: 3002, mf_payment: 3003, mf_post_sale: 3004 };
const SHELL_DEV_PORT = 3000;
const API_ORIGIN = process.env.API_ORIGIN || 'http://localhost:8080';

/** The libraries every page build shares as strict singletons (each web workspace pins them at one exact version). */
const SINGLETONS = ['react', 'react-dom', 'preact', 'effector', 'effector-react', 'single-spa-react'];

/**
 * The page runs React's API on Preact: every page build (and the shell's server renderer) resolves react and react-dom,
 * and their deep imports (react/jsx-runtime, react-dom/client, react-dom/server), to preact/compat. React DOM is 44 KiB
 * of gzip on the basket's path; Preact with its compat layer about 11. The sources, effector-react, single-spa-react,
 * Sentry and hCaptcha keep importing `react`; the installed react stays for the api's emails (react-email) and for the
 * types the sources are checked against. The unit suite aliases the same way (jest.config.js).
 */
const REACT_ON_PREACT = {
  react: 'preact/compat',
  'react-dom$': path.join(__dirname, 'react-dom-on-preact.mjs'),
  'react-dom': 'preact/compat',
};

/**
 * Libraries that must exist once on the page. Two copies of effector break scope silently, two Reacts break hooks:
 * every build shares them as strict singletons at the exact version its own package.json pins (a test checks that the
 * shell and every remote pin the same ones).
 */
function sharedSingletons(dir) {
  const dependencies = require(path.join(dir, 'package.json')).dependencies ?? {};
  const pinned = (name) => {
    const version = dependencies[name];
    if (!version || !/^\d+\.\d+\.\d+$/.test(version))
      throw new Error(`${name} must be pinned to an exact version in ${dir}/package.json`);
    return version;
  };
  const singleton = (name) => ({
    singleton: true,
    strictVersion: true,
    requiredVersion: pinned(name),
    version: pinned(name),
  });
  // react and react-dom are preact/compat (REACT_ON_PREACT): shared under their own names, as the sources import them,
  // at Preact's version, so two builds on different Preacts refuse each other. Preact keeps state in its modules (the
  // hooks' current component, compat's option hooks), so each entry point is named: a prefix key ('preact/') shares
  // what it matches without the singleton and version rules, and a remote could then run its own copy of
  // preact/hooks beside the shell's Preact. preact/compat itself is not a key of its own: it is the module `react`
  // resolves to, and only compat's own files (behind react-dom/client and react/jsx-runtime) import it by that name.
  const onPreact = Object.fromEntries(
    [
      'react',
      'react/jsx-runtime',
      'react/',
      'react-dom',
      'react-dom/client',
      'react-dom/',
      'preact',
      'preact/hooks',
      'preact/jsx-runtime',
    ].map((key) => [key, singleton('preact')]),
  );
  return {
    ...onPreact,
    effector: singleton('effector'),
    'effector-react': singleton('effector-react'),
    // Not for correctness but weight: the remotes' parcel wrapper once on the page, not in every remote.
    // (zod/mini is not shared: a shared module cannot be tree-shaken, and the whole of zod is ~300 KB minified.)
    'single-spa-react': singleton('single-spa-react'),
  };
}

/**
 * Remotes use the shell's federation runtime instead of carrying their own copy in remoteEntry.js (27 -> 8 KiB gz
 * each). The shell always provides it (a dev shell can then host production remotes); remotes borrow it only in
 * production builds, since a remote's standalone dev page has no host to borrow from. MF_EXTERNAL_RUNTIME=0 turns
 * both off.
 */
const EXTERNAL_RUNTIME = process.env.MF_EXTERNAL_RUNTIME !== '0';

/** The ES module build of the plugin that publishes the host's runtime as globalThis._FEDERATION_RUNTIME_CORE. */
function injectExternalRuntimePlugin() {
  const cjs = require.resolve('@module-federation/inject-external-runtime-core-plugin');
  return path.join(path.dirname(cjs), 'index.js');
}

/**
 * externalRuntime borrows only the runtime core: each remoteEntry.js would still carry its own webpack bundler runtime
 * and the SDK helpers it pulls in (≈ 12 KB minified). The shell lends its bundler runtime too
 * (provide-bundler-runtime.ts), and a remote's federation entry imports borrow-bundler-runtime.ts in its place; both
 * check that they were built with the same version.
 */
const BUNDLER_RUNTIME = require.resolve('@module-federation/webpack-bundler-runtime/bundler');
function bundlerRuntimeVersion() {
  const { version } = require('@module-federation/webpack-bundler-runtime/package.json');
  return new webpack.DefinePlugin({ FEDERATION_BUNDLER_RUNTIME_VERSION: JSON.stringify(version) });
}
function borrowBundlerRuntime() {
  return new webpack.NormalModuleReplacementPlugin(/webpack-bundler-runtime[\\/]dist[\\/]bundler\.js$/, (resource) => {
    if (path.resolve(resource.context ?? '', resource.request) === BUNDLER_RUNTIME)
      resource.request = path.join(__dirname, 'borrow-bundler-runtime.ts');
  });
}

function swcRule(production) {
  return {
    test: /\.[cm]?tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2020',
          transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
        },
        sourceMaps: true,
      },
    },
  };
}

function cssRule(extract, production) {
  return {
    test: /\.css$/,
    use: [
      extract ? MiniCssExtractPlugin.loader : 'style-loader',
      // css-loader follows devtool: in production its maps, sources included, would ride inside the remotes' JS (the
      // styles they inject), to be named in each <style> at run time.
      { loader: 'css-loader', options: { importLoaders: 0, sourceMap: !production } },
    ],
  };
}

function compressionPlugins() {
  const test = /\.(js|css|html|json|svg)$/;
  return [
    new CompressionPlugin({
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
      test,
      threshold: 0,
      minRatio: 1,
    }),
    new CompressionPlugin({
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
      test,
      threshold: 0,
      minRatio: 1,
    }),
  ];
}

function baseConfig({ dir, production, publicPath }) {
  return {
    context: dir,
    mode: production ? 'production' : 'development',
    target: ['web', 'es2020'],
    // Production maps are written beside the bundles for an error tracker's upload but not named in them: the servers
    // answer 404 for *.map, and a sourceMappingURL would send browsers' developer tools to it.
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      // Until shared/package.json exports "./parcel": point the entry at its source.
      alias: { '@checkout/shared/parcel$': path.join(root, 'shared/src/parcel/index.ts'), ...REACT_ON_PREACT },
    },
    output: {
      path: path.join(dir, 'dist'),
      publicPath,
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    module: { rules: [swcRule(production)] },
    optimization: {
      minimize: production,
      minimizer: [
        new MinimizerPlugin({
          minify: { implementation: MinimizerPlugin.swcMinify, options: { compress: { passes: 2 } } },
        }),
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    // 'error': the federation manifest plugin warns on every build that publicPath 'auto' is resolved at run time.
    infrastructureLogging: { level: 'error' },
  };
}

/**
 * main.js asks for the start-up chunk (and the chunks of any shared library it consumes that is not eager) only once
 * it has downloaded and run, a round trip after the page on a phone. This names them in the page's head as
 * <link rel=preload as=script> so they download beside main.js, and records the packages the shell itself provides
 * (<meta name="checkout-shell-shared">): the api's page preloads a remote's own copy only of what the shell lacks.
 */
class StartupPreloadPlugin {
  constructor(chunkName) {
    this.chunkName = chunkName;
  }

  apply(compiler) {
    const name = 'StartupPreloadPlugin';
    compiler.hooks.compilation.tap(name, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(name, (data) => {
        const group = compilation.namedChunkGroups.get(this.chunkName);
        if (!group)
          throw new Error(`${name}: no chunk group named ${this.chunkName} (webpackChunkName of the bootstrap import)`);
        // The group's chunks, and for every shared library they consume the chunks of the shell's own provided copy
        // (the one the share scope hands out at start-up), and so on for the libraries those consume.
        const provided = new Map();
        for (const module of compilation.modules)
          if (module.type === 'provide-module') provided.set(module._name, module);
        const lazyChunks = (module) =>
          module.blocks.flatMap((block) => compilation.chunkGraph.getBlockChunkGroup(block)?.chunks ?? []);
        const chunks = new Set(group.chunks);
        const shared = new Set();
        for (const chunk of chunks) {
          for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
            if (module.type !== 'consume-shared-module') continue;
            const key = module.options.shareKey;
            shared.add(key);
            for (const c of lazyChunks(provided.get(key) ?? module)) chunks.add(c);
          }
        }
        const publicPath = compilation.outputOptions.publicPath;
        const files = [...chunks].flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js'))).sort();
        const tags = files.map((file) => ({
          tagName: 'link',
          voidTag: true,
          meta: { plugin: name },
          attributes: { rel: 'preload', as: 'script', href: `${publicPath}${file}` },
        }));
        tags.push({
          tagName: 'meta',
          voidTag: true,
          meta: { plugin: name },
          attributes: {
            name: 'checkout-shell-shared',
            content: [...new Set([...shared, ...provided.keys()])].sort().join(','),
          },
        });
        data.headTags.push(...tags);
        // main.js itself too, first: a deferred script is a low-priority request, which the browser queues behind the
        // preloads above for one of the host's six connections, yet nothing can run before it.
        const entry = compilation.entrypoints
          .get('main')
          .getFiles()
          .filter((file) => file.endsWith('.js'));
        data.headTags.unshift(
          ...entry.map((file) => ({
            tagName: 'link',
            voidTag: true,
            meta: { plugin: name },
            attributes: { rel: 'preload', as: 'script', href: `${publicPath}${file}` },
          })),
        );
        return data;
      });
    });
  }
}

/**
 * The shell's copies of the shared libraries, which every remote then uses, are all start-up libraries: eager, they are
 * part of main.js rather than, as Module Federation makes every provided module, a lazy chunk each (seven requests
 * before the page could start). They cannot instead join the start-up chunk: a chunk holding both a library's provided
 * copy and a module consuming it waits for itself, and never loads.
 */
function eagerShared(shared) {
  return Object.fromEntries(Object.entries(shared).map(([key, options]) => [key, { ...options, eager: true }]));
}

/**
 * A built remote runs inside the shell only (it borrows the shell's federation runtime), and the shell provides every
 * shared library: the remote consumes them without a copy of its own to fall back on (`import: false`), so its
 * remoteEntry.js registers no copies and its build carries no fallback chunks. A shell without one of them, or at
 * another version, makes the step fail to load (the singleton and version rules still apply to the shell's copy).
 */
function consumedOnly(shared) {
  return Object.fromEntries(Object.entries(shared).map(([key, options]) => [key, { ...options, import: false }]));
}

/**
 * The start-up code (the chunk group "bootstrap", named by index.ts's imports) is one file, "startup": what it needs
 * from node_modules is not split into a chunk shared with later chunks (a request more before the page can start);
 * they find it loaded.
 */
function startupChunk() {
  const inStartup = (module, chunkGraph) => {
    for (const chunk of chunkGraph.getModuleChunksIterable(module)) if (chunk.name === 'bootstrap') return true;
    return false;
  };
  return {
    cacheGroups: {
      startup: {
        name: 'startup',
        chunks: 'async',
        enforce: true,
        priority: 10,
        test: (module, { chunkGraph }) => inStartup(module, chunkGraph),
      },
    },
  };
}

/**
 * The shell: the page at /checkout/ and the federation host. It knows no remote at build time: /remotes.json names
 * them at run time, so a remote is deployed without rebuilding the shell.
 */
function shellConfig({ dir, entry = './src/index.ts', template = './src/index.html', title = 'Checkout' }) {
  return (_env, argv = {}) => {
    const production = (argv.mode || process.env.NODE_ENV) === 'production';
    const publicPath = process.env.SHELL_PUBLIC_PATH || '/checkout/';
    const config = baseConfig({ dir, production, publicPath });
    config.entry = { main: entry };
    if (production) config.optimization.splitChunks = startupChunk();
    config.module.rules.push(
      cssRule(true, production),
      // The page's icons, required by index.html. The .ico keeps its own name (publicPath + favicon.ico) so the api can
      // answer /favicon.ico, which browsers and crawlers ask for whatever the page links, from the same file.
      { test: /favicon\.ico$/, type: 'asset/resource', generator: { filename: '[name][ext]' } },
      { test: /\.svg$/, type: 'asset/resource' },
    );
    config.plugins = [
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:10].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      }),
      new HtmlWebpackPlugin({ template, title, scriptLoading: 'defer', inject: 'head' }),
      ...(production ? [new StartupPreloadPlugin('bootstrap')] : []),
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        dts: false,
        manifest: false,
        shareStrategy: 'loaded-first',
        // The page runs in browsers only: the federation runtime's Node.js paths are left out of main.js (−5 KB).
        experiments: { optimization: { target: 'web' } },
        // (The dev server's page keeps webpack's defaults: its requests are not what a buyer's phone makes.)
        shared: production ? eagerShared(sharedSingletons(dir)) : sharedSingletons(dir),
        // What `experiments.provideExternalRuntime` does, but through the plugin's ES module build: the option adds the
        // CommonJS build, which pulls a second (CommonJS) copy of the whole runtime into the shell (+190 KB).
        ...(EXTERNAL_RUNTIME
          ? { runtimePlugins: [injectExternalRuntimePlugin(), path.join(__dirname, 'provide-bundler-runtime.ts')] }
          : {}),
      }),
      ...(EXTERNAL_RUNTIME ? [bundlerRuntimeVersion()] : []),
      ...(production ? compressionPlugins() : []),
    ];
    config.devServer = {
      port: SHELL_DEV_PORT,
      headers: { 'Access-Control-Allow-Origin': '*' },
      historyApiFallback: { index: `${publicPath}index.html` },
      devMiddleware: { publicPath },
      static: false,
      client: { overlay: { warnings: false } },
      proxy: [
        {
          context: [
            '/ajax',
            '/remotes.json',
            '/all-events',
            '/smartcheckout',
            '/do',
            '/sandbox',
            '/account',
            '/signin',
            '/refund-policy',
            '/legal-information',
            '/activity-terms-and-conditions',
            '/mailing-list',
            '/dev',
            '/healthz',
          ],
          target: API_ORIGIN,
          changeOrigin: false,
        },
      ],
    };
    return config;
  };
}

/**
 * A remote: remoteEntry.js + mf-manifest.json exposing one module per checkout state it owns, each a single-spa
 * parcel. In development it also serves a standalone page that mounts the steps with fake StepProps.
 */
function remoteConfig({ dir, name, entry = './src/index.ts', standalone = './src/standalone.tsx' }) {
  const port = REMOTE_PORTS[name];
  const states = REMOTE_STATES[name];
  if (!port || !states) throw new Error(`unknown remote ${name}`);
  // Every state's module is the remote's index (its whole public surface); each exports the parcel named after the
  // state plus contractVersion. Heavy steps split themselves with lazyStepParcel.
  const exposes = Object.fromEntries(states.map((state) => [`./${state}`, entry]));
  return (_env, argv = {}) => {
    const production = (argv.mode || process.env.NODE_ENV) === 'production';
    const serving = process.env.WEBPACK_SERVE === 'true';
    const config = baseConfig({ dir, production, publicPath: 'auto' });
    config.entry = serving || !production ? { standalone } : {};
    const borrowsRuntime = EXTERNAL_RUNTIME && production && !serving;
    // The built remote's styles are .css files, which webpack's chunk loading links with the step's chunk (and the
    // api's page links in its head for the first step): no styles injected by JavaScript. The standalone dev page
    // keeps style-loader, for hot reload.
    const extractCss = production && !serving;
    config.module.rules.push(cssRule(extractCss, production));
    config.output.uniqueName = name;
    config.plugins = [
      ...(extractCss ? [new MiniCssExtractPlugin({ chunkFilename: '[name].[contenthash:10].css' })] : []),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        dts: false,
        manifest: true,
        shareStrategy: 'loaded-first',
        shared: borrowsRuntime ? consumedOnly(sharedSingletons(dir)) : sharedSingletons(dir),
        experiments: borrowsRuntime ? { externalRuntime: true } : {},
      }),
      ...(borrowsRuntime ? [bundlerRuntimeVersion(), borrowBundlerRuntime()] : []),
      ...(config.entry.standalone
        ? [
            new HtmlWebpackPlugin({
              template: path.join(__dirname, 'standalone.html'),
              title: `${name} (standalone)`,
              chunks: ['standalone'],
            }),
          ]
        : []),
      ...(production ? compressionPlugins() : []),
    ];
    config.devServer = {
      port,
      headers: {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': '*',
      },
      static: false,
      historyApiFallback: true,
      client: { overlay: { warnings: false } },
      proxy: [{ context: ['/ajax', '/sandbox', '/dev'], target: API_ORIGIN, changeOrigin: false }],
    };
    return config;
  };
}

module.exports = { shellConfig, remoteConfig, baseConfig, sharedSingletons, SINGLETONS, REMOTE_PORTS, SHELL_DEV_PORT };
