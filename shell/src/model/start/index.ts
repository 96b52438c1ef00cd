export { appStarted, tabShown, firstLoadFx, $started, startedIn } from './start';
