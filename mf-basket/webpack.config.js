// The mf_basket remote: one exposed module per checkout state it owns (shared/src/contract/remotes.json), built by the shared config,
// and its container for Node (dist/server/), from which the api renders the basket step into the page.
const { remoteConfig } = require('../tooling/webpack.cjs');
const { remoteServerConfig, withServerBuild } = require('../tooling/webpack-server.cjs');

module.exports = withServerBuild(
  remoteConfig({ dir: __dirname, name: 'mf_basket' }),
  remoteServerConfig({ dir: __dirname, name: 'mf_basket', states: ['basket'] }),
);
