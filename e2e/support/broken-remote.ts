import type { Page } from '@playwright/test';
import { CONTRACT_VERSION } from '@checkout/shared/parcel';
import { remoteOrigin, type stack } from './stack';

type RemoteName = keyof typeof stack.remotePorts;

/**
 * A deployed remote gone wrong, served in place of the real container script (remoteEntry.js) while the manifest stays
 * real: the same global container a Module Federation build defines (init + get), exposing every state's module with
 * either another contract version or a parcel whose mount rejects. The shell must refuse it with its fallback.
 */
export async function serveBrokenRemote(
  page: Page,
  remote: RemoteName,
  fault: 'wrong-contract' | 'throws-on-mount',
): Promise<void> {
  const source = `
    (function () {
      var parcel = {
        bootstrap: function () { return Promise.resolve(); },
        mount: function () { return ${fault === 'throws-on-mount' ? "Promise.reject(new Error('broken remote: mount failed'))" : 'Promise.resolve()'}; },
        unmount: function () { return Promise.resolve(); }
      };
      var exports = new Proxy({ contractVersion: ${fault === 'wrong-contract' ? CONTRACT_VERSION - 1 : CONTRACT_VERSION} }, {
        get: function (target, key) { return key in target ? target[key] : parcel; }
      });
      globalThis[${JSON.stringify(remote)}] = {
        init: function () {},
        get: function () { return Promise.resolve(function () { return exports; }); }
      };
    })();`;
  await page.route(`${remoteOrigin(remote)}/remoteEntry.js`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: source }),
  );
}
