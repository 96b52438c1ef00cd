// The shell-command plumbing every remote uses lives in the contract package; this remote bundles its own units.
export {
  $deps,
  apiOf,
  depsOf,
  depsReceived,
  fieldErrorsOf,
  notifyError,
  serverMessageOf,
  shellCommandsFx,
  shellCommandsSent,
  stepCompleted,
  type ShellCommand,
  type StepDeps,
} from '@checkout/shared/parcel';
