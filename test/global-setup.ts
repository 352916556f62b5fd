// Runs once before the process and browser tests: they share one up-to-date web build (parallel Vite
// builds would empty dist/webapp under each other), which `npm start` serves too.
import { ensureWebBuild } from '../scripts/web-build';

export default async function setup() {
  await ensureWebBuild(() => {});
}
