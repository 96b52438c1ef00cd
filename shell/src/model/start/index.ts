export { appStarted, tabShown, firstLoadFx, $started } from './start';
