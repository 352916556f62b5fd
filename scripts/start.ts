// `npm start`: builds the web app when its build is missing or older than its sources, then runs main.ts. On
// an existing embedded database PGlite opens first and the port answers /api/health as soon as PGlite does;
// the app's code loads after that (scripts/early-server.ts says why).
import { openPgliteEarly } from './early-database';
import { listenEarly } from './early-server';
import { ensureWebBuild } from './web-build';

const pglite = openPgliteEarly();
await ensureWebBuild();
const early = pglite ? await listenEarly(pglite) : null;
if (pglite && early) await pglite.catch(() => {});
const { run } = await import('../main');
await run({ pglite, early });
