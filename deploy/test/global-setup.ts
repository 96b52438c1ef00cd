import fs from 'node:fs';
import path from 'node:path';
import {
  compose,
  composeArgs,
  composeBin,
  composeEnv,
  containers,
  docker,
  envFile,
  publicUrl,
  root,
  run,
  stateDir,
  waitFor,
  waitForApis,
  writeSettings,
} from './stack';

const IMAGES = [
  'checkout/api',
  'checkout/mf-basket',
  'checkout/mf-account',
  'checkout/mf-payment',
  'checkout/mf-post-sale',
];

/** What the figures of a run were: written to .data/compose-test/figures.json and printed. */
export interface Figures {
  baseImagesSeconds: number;
  buildSeconds: number;
  upSeconds: number;
  imageMegabytes: Record<string, number>;
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const teardown = async () => {
    if (process.env.COMPOSE_TEST_KEEP !== '1') compose(['down', '-v', '--remove-orphans'], { allowFailure: true });
  };
  // A developer's loop: COMPOSE_TEST_KEEP=1 leaves the stack up after a run, COMPOSE_TEST_REUSE=1 runs on it again.
  if (process.env.COMPOSE_TEST_REUSE === '1' && containers('api').length > 0) {
    compose(['up', '-d']);
    await waitForApis(3);
    return teardown;
  }
  const baseImages = path.join(root, 'deploy', 'test', 'base-images.sh');
  const nodeSeconds = await run('bash', [baseImages, 'node']);
  writeSettings();
  await run('bash', [path.join(root, 'deploy', 'init.sh'), '--demo', publicUrl], { ...composeEnv, ENV_FILE: envFile });
  compose(['down', '-v', '--remove-orphans'], { allowFailure: true });
  // The app images need only the node base: they build while the services' stand-ins install their Debian packages.
  const [servicesSeconds, buildSeconds] = await Promise.all([
    run('bash', [baseImages, 'services']),
    run(composeBin, [...composeArgs, 'build']),
  ]);
  const baseImagesSeconds = nodeSeconds + servicesSeconds;
  const upSeconds = await run(composeBin, [...composeArgs, 'up', '-d']);
  await waitForApis(3);
  await waitFor('the proxy to answer over TLS', async () => {
    const response = await fetch(`${publicUrl.replace('localhost', '127.0.0.1')}/proxy-healthz`).catch(() => null);
    return response !== null || compose(['ps', 'proxy']).includes('(healthy)');
  });
  const imageMegabytes = Object.fromEntries(
    IMAGES.map((image) => [
      image,
      Math.round(Number(docker(['image', 'inspect', '--format', '{{.Size}}', image])) / 1e6),
    ]),
  );
  const figures: Figures = { baseImagesSeconds, buildSeconds, upSeconds, imageMegabytes };
  fs.writeFileSync(path.join(stateDir, 'figures.json'), JSON.stringify(figures, null, 2));
  console.log(`== compose stack: ${JSON.stringify(figures)}`);
  return teardown;
}
