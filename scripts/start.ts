// `npm start`: builds the web app when its build is missing or older than its sources, then runs main.ts. On
// an existing embedded database PGlite opens first and the port answers /api/health as soon as PGlite does;
// the app's code loads after that (scripts/early-server.ts says why). Only the start of PGlite's opening is
// imported statically: everything else loads while PGlite's WebAssembly compiles.
import { openPgliteEarly } from './early-database';

const pglite = openPgliteEarly();
const early = pglite ? await (await import('./early-server')).listenEarly(pglite) : null;
if (pglite && early) await pglite.catch(() => {});
// The web build is checked (and made when missing) once PGlite is open: walking the web app's sources would
// hold PGlite's start up on the same thread. Only /api/health answers meanwhile.
const { ensureWebBuild } = await import('./web-build');
await ensureWebBuild();
const { run } = await import('../main');
await run({ pglite, early });
