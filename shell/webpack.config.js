// The shell: the checkout page at /checkout/ and the Module Federation host (remotes come from /remotes.json).
const { shellConfig } = require('../tooling/webpack.cjs');

module.exports = shellConfig({ dir: __dirname });
