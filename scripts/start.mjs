// `npm start`: runs the server as compiled JavaScript (dist/server/start.js, built from scripts/start.ts
// when missing or older than its sources), which builds the web app when needed and starts main.ts.
//
// package.json starts Node with the embedded database's heap shape (scripts/node-flags.mjs). A heap is
// shaped when Node starts, so with PostgreSQL this process runs the server as a child with PostgreSQL's
// shape instead, passing the signals on and exiting as the child does.
import module from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { appNodeFlags } from './node-flags.mjs';
import { ensureServerBuild, SERVER_BUNDLE } from './server-build.mjs';

// V8's code cache for the bundle (Node 22.1 and later; Node 20 has no such call and compiles as before): a
// start after the first reads the compiled code of the two megabytes of JavaScript instead of compiling it.
// The cache lives in the system's temporary folder and is checked against each file's content.
module.enableCompileCache?.();

const flags = appNodeFlags();
if (flags.every((f) => process.execArgv.includes(f))) {
  await ensureServerBuild();
  await import(pathToFileURL(SERVER_BUNDLE).href);
} else {
  // Imported here: child_process (with dgram, which it loads) is no part of the usual start.
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [...flags, fileURLToPath(import.meta.url)], { stdio: 'inherit' });
  const forwarded = ['SIGTERM', 'SIGINT', 'SIGHUP'];
  for (const signal of forwarded) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (!signal) process.exit(code ?? 1);
    // Ended by a signal: end the same way, so whoever started `npm start` sees what happened.
    for (const s of forwarded) process.removeAllListeners(s);
    process.kill(process.pid, signal);
  });
}
