// The mf_account remote: one exposed module per checkout state it owns (shared/src/contract/remotes.json), built by the shared config.
const { remoteConfig } = require('../tooling/webpack.cjs');

module.exports = remoteConfig({ dir: __dirname, name: 'mf_account' });
