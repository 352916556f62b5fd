// `npm start`: builds the web app when its build is missing or older than its sources, then runs main.ts. On
// an existing embedded database PGlite opens first and the port answers /api/health as soon as PGlite does;
// the app's code loads after that (scripts/early-server.ts says why). Only the start of PGlite's opening and
// the early server (node:http alone) are imported statically: PGlite's code loads while its WebAssembly compiles.
import { openPgliteEarly } from './early-database';
import { listenEarly } from './early-server';

const pglite = openPgliteEarly();
const early = pglite ? await listenEarly(pglite) : null;
if (pglite && early) await pglite.catch(() => {});
// The web build is checked (and made when missing) once PGlite is open: walking the web app's sources would
// hold PGlite's start up on the same thread. Only /api/health answers meanwhile.
const { ensureWebBuild } = await import('./web-build');
await ensureWebBuild();
const { run } = await import('../main');
await run({ pglite, early });
