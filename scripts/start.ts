// `npm start`: builds the web app when its build is missing or older than its sources, then runs main.ts.
import { openPgliteEarly } from './early-database';
import { ensureWebBuild } from './web-build';

const pglite = openPgliteEarly();
await ensureWebBuild();
const { run } = await import('../main');
await run({ pglite });
