export { $state, stepCompleted, goTo, stateChanged } from './state';
