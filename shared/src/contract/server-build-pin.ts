/**
 * A pin of a remote's server build: the Subresource Integrity value of its remoteEntry.js (`sha384-` and the
 * base64 SHA-384 digest), as the remote's build writes it into dist/server/integrity.json and the operator hands it to
 * the api. SHA-384 alone: a pin in any other form is a configuration mistake, refused rather than read as something
 * weaker.
 */
export const SERVER_BUILD_PIN = /^sha384-[A-Za-z0-9+/]{64}$/;

export function isServerBuildPin(value: string): boolean {
  return SERVER_BUILD_PIN.test(value);
}
