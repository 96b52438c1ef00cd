// The shell-command plumbing every remote uses lives in the contract package; this remote bundles its own units.
export {
  $deps,
  depsOf,
  depsReceived,
  notifyError,
  runShellCommand,
  shellCommandsFx,
  shellCommandsSent,
  type ShellCommand,
  type StepDeps,
} from '@checkout/shared/parcel';
