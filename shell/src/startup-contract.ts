// The shared contract, evaluated in a task of its own before the shell's code (index.ts): zod/mini and the entity
// schemas, the checkout's among them, which the first answer is parsed with. Each call's own schemas are not built
// here but when first read (defineCall), so this is plain data for the calls. Re-exported so the build keeps it (the
// package is side-effect free).
export { calls } from '@checkout/shared';
