#!/usr/bin/env node
// `npm run lint:layers`: the api's folders stay in their layers. dependency-cruiser reads every import under api/src
// (type-only ones too) and applies the layer rules of .dependency-cruiser.cjs; this script adds what a module rule
// cannot say, that no two top-level folders import each other, and lets through only the imports that config's
// `pending` list names. `--root DIR` checks another tree, `--config FILE` another config, `--stats` prints the folder
// graph's size (folders, edges, two-way pairs, cycles).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const root = path.resolve(option('--root') ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
const configFile = path.resolve(option('--config') ?? path.join(root, '.dependency-cruiser.cjs'));
const { forbidden, options, pending = [] } = createRequire(import.meta.url)(configFile);

const TEST_CODE = /(\.test\.tsx?$|\/test-support\.ts$|^api\/src\/testing\/)/;
const SOURCE = /\.(ts|tsx|js|cjs|mjs)$/;

/** The top-level folder of api/src a path is in; the files directly in api/src are `(root)`. */
const folderOf = (file) => {
  const parts = file.split('/').slice(2);
  return parts.length === 1 ? '(root)' : parts[0];
};
const named = (folder) => (folder === '(root)' ? 'api/src (its root files)' : `api/src/${folder}`);

const isPending = (from, to) =>
  pending.find((entry) => new RegExp(entry.from).test(from) && new RegExp(entry.to).test(to));

const { output } = await cruise(
  ['api/src'],
  { ...options, baseDir: root, validate: true, ruleSet: { forbidden } },
  { extensions: options.enhancedResolveOptions?.extensions },
);

const used = new Set();
const problems = [];

for (const violation of output.summary.violations) {
  const entry = isPending(violation.from, violation.to);
  if (entry) {
    used.add(entry);
    continue;
  }
  const rule = forbidden.find((candidate) => candidate.name === violation.rule.name);
  problems.push(`${violation.rule.name}: ${violation.from} -> ${violation.to}\n    ${rule?.comment ?? ''}`);
}

/** Folder -> folder -> the imports that make the edge, test code and pending imports left out. */
const edges = new Map();
for (const module of output.modules) {
  if (!module.source.startsWith('api/src/') || TEST_CODE.test(module.source)) continue;
  for (const dependency of module.dependencies) {
    const to = dependency.resolved;
    if (!to.startsWith('api/src/') || !SOURCE.test(to) || TEST_CODE.test(to)) continue;
    const [a, b] = [folderOf(module.source), folderOf(to)];
    if (a === b) continue;
    const entry = isPending(module.source, to);
    if (entry) {
      used.add(entry);
      continue;
    }
    if (!edges.has(a)) edges.set(a, new Map());
    const imports = edges.get(a).get(b) ?? [];
    imports.push(`${module.source} -> ${to}`);
    edges.get(a).set(b, imports);
  }
}

const twoWay = [];
for (const [a, targets] of edges) {
  for (const [b, imports] of targets) {
    const back = edges.get(b)?.get(a);
    if (!back || a > b) continue;
    twoWay.push([a, b]);
    problems.push(
      `two-way folder dependency: ${named(a)} and ${named(b)} import each other; one of the two must stop\n` +
        [...imports, ...back].map((line) => `    ${line}`).join('\n'),
    );
  }
}

for (const entry of pending) {
  if (!used.has(entry))
    problems.push(`pending entry no longer needed (remove it from the config): ${entry.from} -> ${entry.to}`);
}

if (args.includes('--stats')) {
  const folders = new Set([...edges.keys(), ...[...edges.values()].flatMap((targets) => [...targets.keys()])]);
  const edgeCount = [...edges.values()].reduce((sum, targets) => sum + targets.size, 0);
  console.log(
    `api/src: ${folders.size} folders, ${edgeCount} folder edges, ${twoWay.length} two-way pairs, ` +
      `${cycles(edges, folders).length} cycles (pending imports left out)`,
  );
  for (const cycle of cycles(edges, folders)) console.log(`  cycle: ${cycle.join(' ')}`);
}

if (problems.length > 0) {
  console.error(`api layers: ${problems.length} problem(s) (docs/architecture.md, "The api's layers")`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}

/** The strongly connected components of more than one folder (Tarjan), each a list of folders. */
function cycles(graph, nodes) {
  let counter = 0;
  const found = [];
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let popped;
    do {
      popped = stack.pop();
      onStack.delete(popped);
      component.push(popped);
    } while (popped !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}
