export { historyStarted, historyPopped, writeEntriesFx, $entryStep, asStepEntry, type StepEntry } from './history';
export { historyMove, replacesEntry } from './rules';
