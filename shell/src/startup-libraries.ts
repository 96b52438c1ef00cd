// The libraries the shell starts with, evaluated in a task of their own before the contract and the shell's code
// (index.ts). Re-exported so the build keeps them: a bare import of a side-effect-free package is dropped.
export { createElement } from 'react';
export { createRoot } from 'react-dom/client';
export { createStore } from 'effector';
export { useUnit } from 'effector-react';
// The remotes' parcel wrapper: the shell provides it with the rest, so the first step's remote needs no chunk of its own.
export { default as singleSpaReact } from 'single-spa-react';
