// Builds another release of a remote with the one shared config (tooling/webpack.cjs), into its own folder, for the
// deployment tests: VARIANT_REMOTE (mf_basket), VARIANT_DIR (the package folder), VARIANT_OUT (output folder),
// VARIANT_ENTRY (another entry module, optional) and VARIANT_CONTRACT_FILE (a module standing in for
// shared/src/contract/version.ts, optional: a remote built against another contract version).
'use strict';

const path = require('node:path');
const webpack = require('webpack');
const { remoteConfig } = require('../../tooling/webpack.cjs');

const { VARIANT_REMOTE, VARIANT_DIR, VARIANT_OUT, VARIANT_ENTRY, VARIANT_CONTRACT_FILE } = process.env;
if (!VARIANT_REMOTE || !VARIANT_DIR || !VARIANT_OUT)
  throw new Error('VARIANT_REMOTE, VARIANT_DIR and VARIANT_OUT are required');

module.exports = (env, argv) => {
  const dir = path.resolve(VARIANT_DIR);
  const config = remoteConfig({
    dir,
    name: VARIANT_REMOTE,
    ...(VARIANT_ENTRY ? { entry: path.resolve(VARIANT_ENTRY) } : {}),
  })(env, argv);
  config.output.path = path.resolve(VARIANT_OUT);
  if (VARIANT_CONTRACT_FILE) {
    const replacement = path.resolve(VARIANT_CONTRACT_FILE);
    config.plugins.push(
      new webpack.NormalModuleReplacementPlugin(/[\\/]contract[\\/]version(\.ts)?$/, (resource) => {
        resource.request = replacement;
      }),
    );
  }
  return config;
};
