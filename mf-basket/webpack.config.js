// The mf_basket remote: one exposed module per checkout state it owns (shared/src/contract/remotes.json), built by the shared config,
// and its container for Node (dist/server/), from which the api renders the basket step into the page.
const { remoteConfig } = require('../tooling/webpack.cjs');
const { remoteServerConfig } = require('../tooling/webpack-server.cjs');

const browser = remoteConfig({ dir: __dirname, name: 'mf_basket' });
const server = remoteServerConfig({ dir: __dirname, name: 'mf_basket', states: ['basket'] });

module.exports =
  process.env.WEBPACK_SERVE === 'true'
    ? browser
    : [
        (env, argv) => {
          const config = browser(env, argv);
          // The server build writes dist/server/ at the same time: the browser build's clean-up leaves it.
          config.output.clean = { keep: /^server[\\/]/ };
          return config;
        },
        server,
      ];
