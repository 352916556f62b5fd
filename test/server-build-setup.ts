// Runs once before the process tests: they start the server that `npm start` and the Docker image run
// (dist/server, the esbuild bundle), never the TypeScript sources, so what ships is what is tested. Built
// afresh for each run (about a second), so no bundle of other sources is ever reused.
import { buildServer } from '../scripts/server-build.mjs';

export default async function setup() {
  await buildServer();
}
