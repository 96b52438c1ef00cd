// The styles load with the page (a <link> in the head), before any script runs: all of the frame's, so that the frame
// the api renders into the page paints styled (the components import theirs too, for their tests and the dev server).
import '@checkout/shared/ui/styles.css';
import './ui/shell.css';
import './ui/order-summary.css';
import './ui/mobile-footer.css';

/** A new task (not a microtask): the browser may paint and handle input between two pieces of start-up work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Module Federation needs an async boundary before shared modules (react, effector) are used. The start-up code is one
// chunk, named: the build preloads it and the shared libraries it consumes from the page's head (tooling/webpack.cjs).
// It is evaluated in four tasks (the libraries, the contract, the shell's models, the rest) rather than one long one.
void import(/* webpackChunkName: "bootstrap" */ './startup-libraries')
  .then(nextTask)
  .then(() => import(/* webpackChunkName: "bootstrap" */ './startup-contract'))
  .then(nextTask)
  .then(() => import(/* webpackChunkName: "bootstrap" */ './model'))
  .then(nextTask)
  .then(() => import(/* webpackChunkName: "bootstrap" */ './bootstrap'));
