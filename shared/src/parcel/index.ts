export { stepParcel, lazyStepParcel, type LazyStepParcel, type StepParcel, type StepParcelProps } from './stepParcel';
export { StepErrorBoundary } from './StepErrorBoundary';
export { STEP_FAILED_EVENT, type StepFailure } from './events';
export { CONTRACT_VERSION } from '../contract/version';
export { runStandalone, type RemoteModule } from './standalone';
export * from './shell-commands';
export { readDraft, writeDraft, clearDraft, clearAllDrafts, asStringRecord } from './session-drafts';
