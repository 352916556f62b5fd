// The server as compiled JavaScript: scripts/start.ts and everything it imports, bundled by esbuild into
// dist/server (start.js and the chunks it loads later; share-worker.js, the share pictures' worker thread), so
// `npm start` never runs a transpiler and Node reads a few files instead of hundreds. Rebuilt when the bundle
// is missing or any file it was built from is newer.
// Plain JavaScript on purpose: it runs before anything can compile TypeScript.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { lockfileHash } from './lockfile.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist', 'server');
export const SERVER_BUNDLE = path.join(outDir, 'start.js');
/** The bundle's inputs as esbuild reported them (relative to the root) and the packages' fingerprint, for the staleness check. */
const INPUTS = path.join(outDir, 'inputs.json');
const ENTRY = path.join(root, 'scripts', 'start.ts');
/** The share pictures' worker thread (services/share/pool.ts starts it from this file in the bundle). */
const SHARE_WORKER = path.join(root, 'services', 'share', 'worker.ts');
const SHARE_WORKER_OUT = 'share-worker';

const mtime = (file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Infinity;

/** True when the bundle is missing or older than one of its inputs, this script or tsconfig, or other packages are installed. */
export function serverBuildIsStale() {
  const built = fs.statSync(SERVER_BUNDLE, { throwIfNoEntry: false })?.mtimeMs;
  if (!built) return true;
  let record;
  try {
    record = JSON.parse(fs.readFileSync(INPUTS, 'utf8'));
  } catch {
    return true;
  }
  // Packages unpack with old file times: an install of other versions shows in package-lock.json's content.
  if (!Array.isArray(record.inputs) || record.lockHash !== lockfileHash(root)) return true;
  // Joined as strings: path.join's normalizing of four hundred paths was a third of the check at every start.
  const files = [...record.inputs.map((f) => `${root}/${f}`), fileURLToPath(import.meta.url), path.join(root, 'tsconfig.json')];
  return files.some((f) => mtime(f) > built);
}

/**
 * In a bundle every module's `import.meta.url` would be the bundle's. Our sources use it to find files
 * beside them (the web app's build, the local Telegram's page), so each one gets its own URL back,
 * relative to the bundle (the folder can move).
 */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      let contents = await fs.promises.readFile(args.path, 'utf8');
      if (contents.includes('import.meta.url')) {
        const rel = path.relative(outDir, args.path).split(path.sep).join('/');
        contents = contents.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`);
      }
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * fp-ts (under @tma.js/init-data-node, which checks initData) resolves for Node to its CommonJS build, which a
 * bundler cannot trim: all 680 KB of it would be parsed at every start for the three modules used. Its ES
 * build (`module`, with `sideEffects: false`) is the same code, trimmed to what is imported.
 */
const fpTsEsModules = {
  name: 'fp-ts-es-modules',
  setup(build) {
    build.onResolve({ filter: /^fp-ts(\/[\w/]+)?$/ }, async (args) => {
      if (args.pluginData?.fpTs) return undefined;
      const sub = args.path.slice('fp-ts'.length) || '/index';
      const resolved = await build.resolve(`fp-ts/es6${sub}.js`, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: { fpTs: true },
      });
      return resolved.errors.length ? undefined : { path: resolved.path };
    });
  },
};

/**
 * Left outside the bundle: @napi-rs/canvas loads a native .node binary (share pictures), and pg's optional
 * native binding is not installed. PGlite is bundled (its modules loaded one by one took about 30 ms of every
 * start): db/pglite-files.ts reads its WebAssembly and data from the package and hands them to it.
 */
const EXTERNAL = ['@napi-rs/canvas', 'pg-native'];

/**
 * A package imported with `import()` gets a chunk of its own; for a CommonJS package that chunk exports only
 * `default`, so `const { Api } = await import('grammy')` works under tsx and is undefined in the bundle.
 * Lazily loaded packages must go through an ES module of ours that imports them statically.
 */
function assertNoBareDynamicImports(metafile) {
  const bare = Object.values(metafile.outputs).filter(
    (o) => o.entryPoint?.startsWith('node_modules/') && o.exports.length === 1 && o.exports[0] === 'default',
  );
  if (bare.length > 0) {
    const names = bare.map((o) => o.entryPoint).join(', ');
    throw new Error(
      `import() of a CommonJS package gives only its default export in the bundle (${names}): import it from an ES module of ours and load that lazily`,
    );
  }
}

/** Builds dist/server/start.js; returns the ms it took. */
export async function buildServer() {
  const started = performance.now();
  const esbuild = await import('esbuild');
  fs.rmSync(outDir, { recursive: true, force: true });
  const result = await esbuild.build({
    entryPoints: { start: ENTRY, [SHARE_WORKER_OUT]: SHARE_WORKER },
    outdir: outDir,
    entryNames: '[name]',
    // Chunks beside start.js: each module's own import.meta.url is computed from this folder.
    chunkNames: '[name]-[hash]',
    bundle: true,
    // Chunks: what main.ts imports only when needed (the bot after listening, the AI client) loads then.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    // Bundled CommonJS packages call require(): give the ESM chunks one.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [ownImportMetaUrl, fpTsEsModules],
    // Tells the pool that it runs bundled, and the worker's file name beside the chunks.
    define: { __SHARE_WORKER__: JSON.stringify(`${SHARE_WORKER_OUT}.js`) },
  });
  assertNoBareDynamicImports(result.metafile);
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('node_modules/'));
  fs.writeFileSync(INPUTS, JSON.stringify({ inputs, lockHash: lockfileHash(root) }));
  return Math.round(performance.now() - started);
}

/** Builds the server when its bundle is stale. A stale bundle that cannot be rebuilt (a read-only image) still runs. */
export async function ensureServerBuild(log = console.log) {
  if (!serverBuildIsStale()) return;
  log(fs.existsSync(SERVER_BUNDLE) ? 'Server sources changed: rebuilding dist/server…' : 'Building the server (dist/server)…');
  try {
    const ms = await buildServer();
    log(`Server built in ${ms} ms.`);
  } catch (err) {
    if (!fs.existsSync(SERVER_BUNDLE)) throw err;
    log(`Could not rebuild the server (${err?.message ?? err}); running the existing build.`);
  }
}

// `node scripts/server-build.mjs`: build now (npm run build, the Dockerfile).
if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const ms = await buildServer();
  console.log(`dist/server built in ${ms} ms`);
}
