// The shell: the checkout page at /checkout/ and the Module Federation host (remotes come from /remotes.json), and its
// renderer for the server (dist/server/render.js), with which the api renders the page's first step.
const { shellConfig } = require('../tooling/webpack.cjs');
const { shellServerConfig } = require('../tooling/webpack-server.cjs');

const browser = shellConfig({ dir: __dirname });

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
        shellServerConfig({ dir: __dirname }),
      ];
