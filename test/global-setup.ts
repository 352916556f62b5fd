// Runs once before all test files: the browser tests share one up-to-date web build (parallel Vite
// builds would empty dist/webapp under each other).
import { ensureWebBuild } from '../scripts/web-build';

export default async function setup() {
  await ensureWebBuild(() => {});
}
