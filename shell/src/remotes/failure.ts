/** Why a step could not be shown, as plain data (errors from another bundle are never `instanceof`-checked). */
export type StepLoadFailure =
  | { kind: 'unavailable'; remote: string; module: string; message: string }
  | { kind: 'contract'; remote: string; module: string; message: string };

/** What the errorLoadRemote plugin hands back instead of a module: a tagged fallback the loader recognises. */
export interface RemoteLoadFallback {
  readonly __remoteLoadFailed: true;
  readonly id: string;
  readonly message: string;
}

export function isRemoteLoadFallback(value: unknown): value is RemoteLoadFallback {
  return (
    typeof value === 'object' && value !== null && (value as Partial<RemoteLoadFallback>).__remoteLoadFailed === true
  );
}

export function describeError(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string')
    return error.message;
  return String(error);
}
