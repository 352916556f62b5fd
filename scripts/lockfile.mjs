// The installed packages' fingerprint for the build staleness checks: a hash of package-lock.json's content.
// Not its mtime: `npm prune --omit=dev` (the Dockerfile, the production smoke test) rewrites the file with the
// same content, and a build that looked stale then would be redone at start without the dev packages.
// Plain JavaScript: scripts/start.mjs runs before anything can compile TypeScript.
import fs from 'node:fs';
import path from 'node:path';

// node:crypto as Node holds it already: an ES module import gives it a facade that reads every export (Web
// Crypto's among them), about 2 ms of every `npm start`.
const crypto = process.getBuiltinModule('node:crypto');

/** SHA-256 of `<root>/package-lock.json`, or '' when there is none. */
export function lockfileHash(root) {
  try {
    return crypto
      .createHash('sha256')
      .update(fs.readFileSync(path.join(root, 'package-lock.json')))
      .digest('hex');
  } catch {
    return '';
  }
}
