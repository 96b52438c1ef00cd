/**
 * The contract's version. A remote is built against one version and exports it; the shell refuses to mount a remote
 * whose version differs from its own (a breaking change to StepProps or the schemas bumps this number).
 */
export const CONTRACT_VERSION = 1;
