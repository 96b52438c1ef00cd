/**
 * What the built chunks are made of, read from their source maps: each minified byte is attributed to the source file
 * its mapping points at (bytes before a chunk's first mapping, webpack's glue, go to '(webpack runtime)'). Used to list
 * the biggest modules on the critical path and every package that appears in more than one chunk — a second copy of a
 * library is what a shared singleton that is not shared looks like.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface ModuleShare {
  source: string;
  /** The npm package ('react-dom', '@sentry/core') or 'ours:<workspace>' for the project's own code. */
  pkg: string;
  bytes: number;
}

export interface ChunkComposition {
  /** '<workspace>/<file>' e.g. 'shell/main.1a2b3c.js'. */
  chunk: string;
  bytes: number;
  modules: ModuleShare[];
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** Decodes one segment's base64 VLQ fields. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const c of segment) {
    const digit = DIGIT.get(c);
    if (digit === undefined) throw new Error(`bad VLQ digit ${c}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** The package a source path belongs to. */
export function packageOf(source: string): string {
  const clean = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = clean.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? clean);
  }
  if (clean.startsWith('webpack/') || clean.includes('(webpack)')) return '(webpack runtime)';
  const workspace = /(?:^|\/)(shared|shell|mf-basket|mf-account|mf-payment|mf-post-sale)\//.exec(clean);
  return workspace ? `ours:${workspace[1]}` : `ours:${clean.split('/')[0] ?? clean}`;
}

/** Attributes a chunk's bytes to its sources through its source map (line by line, segment to segment). */
export function composeChunk(code: string, map: { sources: string[]; mappings: string }): ModuleShare[] {
  const lines = code.split('\n');
  const bytesBySource = new Map<number, number>();
  const add = (source: number, n: number) => bytesBySource.set(source, (bytesBySource.get(source) ?? 0) + n);
  const mappingLines = map.mappings.split(';');
  let source = 0;
  for (let l = 0; l < lines.length; l += 1) {
    const line = lines[l] ?? '';
    const segments = (mappingLines[l] ?? '').split(',').filter((s) => s.length > 0);
    let column = 0;
    let previous: { column: number; source: number } | null = null;
    for (const segment of segments) {
      const fields = decodeSegment(segment);
      column += fields[0] ?? 0;
      if (previous) add(previous.source, column - previous.column);
      else add(-1, column);
      if (fields.length >= 4) {
        source += fields[1] ?? 0;
        previous = { column, source };
      } else {
        previous = { column, source: -1 };
      }
    }
    if (previous) add(previous.source, line.length - previous.column + 1);
    else add(-1, line.length + 1);
  }
  return [...bytesBySource]
    .filter(([, bytes]) => bytes > 0)
    .map(([index, bytes]) => {
      const name = index >= 0 ? (map.sources[index] ?? '?') : '(webpack runtime)';
      return {
        source: name.replace(/^webpack:\/\/[^/]*\//, ''),
        pkg: index >= 0 ? packageOf(name) : '(webpack runtime)',
        bytes,
      };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

/** Every .js chunk of every workspace's dist/ that has a source map. */
export function composeBuilds(root: string, workspaces: readonly string[]): ChunkComposition[] {
  const chunks: ChunkComposition[] = [];
  for (const workspace of workspaces) {
    const dist = path.join(root, workspace, 'dist');
    if (!fs.existsSync(dist)) continue;
    for (const file of fs.readdirSync(dist)) {
      if (!file.endsWith('.js')) continue;
      const mapFile = path.join(dist, `${file}.map`);
      if (!fs.existsSync(mapFile)) continue;
      const code = fs.readFileSync(path.join(dist, file), 'utf8');
      const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
      chunks.push({ chunk: `${workspace}/${file}`, bytes: Buffer.byteLength(code), modules: composeChunk(code, map) });
    }
  }
  return chunks;
}

/** Packages (not our own code, not webpack's) found in more than one chunk, with the chunks and bytes in each. */
export function duplicatedPackages(
  chunks: readonly ChunkComposition[],
): { pkg: string; chunks: { chunk: string; bytes: number }[] }[] {
  const byPackage = new Map<string, { chunk: string; bytes: number }[]>();
  for (const chunk of chunks) {
    const perPackage = new Map<string, number>();
    for (const m of chunk.modules) perPackage.set(m.pkg, (perPackage.get(m.pkg) ?? 0) + m.bytes);
    for (const [pkg, bytes] of perPackage) {
      // Below half a KiB it is a re-export shim (react-dom/client's 0.1 KiB), not a second copy.
      if (pkg.startsWith('ours:') || pkg.startsWith('(') || bytes < 512) continue;
      const list = byPackage.get(pkg) ?? [];
      list.push({ chunk: chunk.chunk, bytes });
      byPackage.set(pkg, list);
    }
  }
  return [...byPackage]
    .filter(([, list]) => list.length > 1)
    .map(([pkg, list]) => ({ pkg, chunks: list.sort((a, b) => b.bytes - a.bytes) }))
    .sort((a, b) => b.chunks.reduce((t, c) => t + c.bytes, 0) - a.chunks.reduce((t, c) => t + c.bytes, 0));
}

/** Minified bytes per package over the given chunks, biggest first. */
export function packagesOf(chunks: readonly ChunkComposition[]): { pkg: string; bytes: number }[] {
  const totals = new Map<string, number>();
  for (const chunk of chunks) for (const m of chunk.modules) totals.set(m.pkg, (totals.get(m.pkg) ?? 0) + m.bytes);
  return [...totals].map(([pkg, bytes]) => ({ pkg, bytes })).sort((a, b) => b.bytes - a.bytes);
}
