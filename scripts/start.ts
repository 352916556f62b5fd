// `npm start`: builds the web app when its build is missing or older than its sources, then runs main.ts.
import { ensureWebBuild } from './web-build';

await ensureWebBuild();
const { run } = await import('../main');
await run();
