// `react-dom` on the page (tooling/webpack.cjs): Preact's compat, reached through `react`. Resolved straight to
// preact/compat, react-dom would be the same file as react, and Module Federation provides one file under one of its
// share keys only: the other name would then be no shared module at all, and a remote would run a Preact compat of its
// own beside the shell's. As this module, react-dom is shared on its own and still one compat on the page.
export * from 'react';
export { default } from 'react';
