// The shell: the checkout page at /checkout/ and the Module Federation host (remotes come from /remotes.json), and its
// renderer for the server (dist/server/render.js), with which the api renders the page's first step.
const { shellConfig } = require('../tooling/webpack.cjs');
const { shellServerConfig, withServerBuild } = require('../tooling/webpack-server.cjs');

module.exports = withServerBuild(shellConfig({ dir: __dirname }), shellServerConfig({ dir: __dirname }));
