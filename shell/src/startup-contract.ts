// The shared contract, evaluated in a task of its own (building its zod/mini schemas is the biggest single piece of
// the start-up) before the shell's code (index.ts). Re-exported so the build keeps it (the package is side-effect free).
export { calls } from '@checkout/shared';
