// PGlite's WebAssembly and file bundle, read and compiled ahead of `PGlite.create`. Kept free of PGlite's own
// code (about 50 ms to load) so that `npm start` can begin compiling the WebAssembly on other threads before
// anything else loads, and so that the tests compile it once per process rather than once per database.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Bytes already in memory as the Blob PGlite takes, read back with one copy. PGlite reads a dump or its file
 * bundle with `arrayBuffer()`, which on Node 20 pulls a Blob chunk by chunk and joins the chunks: about 300 ms
 * of CPU for a 40 MB dump.
 */
export class BytesBlob extends Blob {
  constructor(private readonly data: Uint8Array) {
    super([]);
  }
  override get size() {
    return this.data.byteLength;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.data.slice().buffer;
  }
}

export interface PgliteFiles {
  pgliteWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

/** Starts reading both files and compiling the WebAssembly (V8 compiles it off the main thread). */
export async function readPgliteFiles(): Promise<PgliteFiles> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const [wasm, data] = await Promise.all([
    fs.promises.readFile(path.join(dist, 'pglite.wasm')),
    fs.promises.readFile(path.join(dist, 'pglite.data')),
  ]);
  return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new BytesBlob(data) };
}
