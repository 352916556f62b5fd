// PGlite's WebAssembly and file bundle, read and compiled ahead of `PGlite.create`. Kept free of PGlite's own
// code (about 50 ms to load) so that `npm start` can begin compiling the WebAssembly on other threads before
// anything else loads, and so that the tests compile it once per process rather than once per database.
// PGlite is always handed its files: in the server bundle its code lives in dist/server, where it would look
// for them beside itself.
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

/**
 * One read of the whole file on libuv's thread pool. `fs.promises.readFile` reads in 512 KiB pieces, each
 * waiting for the main thread, which at start is busy loading modules: the compiling began about 140 ms late.
 * Reading on the main thread instead holds it for 15 to 30 ms (the pages of 15 MB are mapped and copied).
 */
function readWhole(file: string): Promise<Buffer<ArrayBuffer>> {
  const fd = fs.openSync(file, 'r');
  const bytes = Buffer.allocUnsafe(fs.fstatSync(fd).size);
  return new Promise((resolve, reject) => {
    const readFrom = (offset: number) =>
      fs.read(fd, bytes, offset, bytes.length - offset, offset, (err, read) => {
        if (!err && read > 0 && offset + read < bytes.length) return readFrom(offset + read);
        fs.closeSync(fd);
        if (err) reject(err);
        else if (offset + read < bytes.length) reject(new Error(`${file} ended after ${offset + read} bytes`));
        else resolve(bytes);
      });
    readFrom(0);
  });
}

const pgliteDist = () => path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));

/** Reads both files and compiles the WebAssembly (V8 compiles it off the main thread). */
export async function readPgliteFiles(): Promise<PgliteFiles> {
  const dist = pgliteDist();
  const [pgliteWasmModule, data] = await Promise.all([
    readWhole(path.join(dist, 'pglite.wasm')).then((wasm) => WebAssembly.compile(wasm)),
    readWhole(path.join(dist, 'pglite.data')),
  ]);
  return { pgliteWasmModule, fsBundle: new BytesBlob(data) };
}

/** initdb's WebAssembly (300 KB), which PGlite needs only to create a database. */
export async function readInitdbWasm(): Promise<WebAssembly.Module> {
  return WebAssembly.compile(await readWhole(path.join(pgliteDist(), 'initdb.wasm')));
}
