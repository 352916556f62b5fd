// `npm start`: runs the server as compiled JavaScript (dist/server/start.js, built from scripts/start.ts
// when missing or older than its sources), which builds the web app when needed and starts main.ts.
import { pathToFileURL } from 'node:url';
import { ensureServerBuild, SERVER_BUNDLE } from './server-build.mjs';

await ensureServerBuild();
await import(pathToFileURL(SERVER_BUNDLE).href);
