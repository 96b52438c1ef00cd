// The styles load with the page (a <link> in the head), before any script runs.
import '@checkout/shared/ui/styles.css';
import './ui/shell.css';

// Module Federation needs an async boundary before shared modules (react, effector) are used.
// Named: the build preloads this chunk and the shared libraries it consumes from the page's head (tooling/webpack.cjs).
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');
