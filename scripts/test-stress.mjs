// `npm run test:stress [-- <vitest arguments>]`: the tests while a CPU hog takes every core, to find the tests
// that pass only on a quiet machine (a wait on time instead of a condition, a timed assertion, a port chosen
// and given up). Without arguments it runs `npm test` (the whole suite); with some, `vitest run <them>`
// (a file, a project). One busy process per core at normal priority, each ending itself after STRESS_MAX_S
// seconds (default 1800) even if this script is killed; they are stopped as soon as the tests end. Exits
// with the tests' code. Plain JavaScript: it runs before anything compiles TypeScript.
import { spawn } from 'node:child_process';
import os from 'node:os';

const maxS = Number(process.env.STRESS_MAX_S ?? 1800);
const cores = Number(process.env.STRESS_HOGS ?? os.availableParallelism());
if (!(maxS > 0) || !(cores > 0)) {
  console.error('STRESS_MAX_S and STRESS_HOGS must be positive numbers');
  process.exit(2);
}

// Each hog spins until its own deadline: bounded whatever happens to this process.
const spin = `const end = Date.now() + ${Math.round(maxS * 1000)}; let x = 0; while (Date.now() < end) x = (x + 1) | 0;`;
const hogs = Array.from({ length: cores }, () => spawn(process.execPath, ['-e', spin], { stdio: 'ignore' }));
const stopHogs = () => {
  for (const h of hogs) if (h.exitCode === null && h.signalCode === null) h.kill('SIGKILL');
};
console.error(`test:stress: ${cores} CPU hog(s) for at most ${maxS} s (pids ${hogs.map((h) => h.pid).join(', ')})`);

const args = process.argv.slice(2);
const [command, commandArgs] = args.length ? ['npx', ['vitest', 'run', ...args]] : ['npm', ['test']];
const started = Date.now();
const tests = spawn(command, commandArgs, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopHogs();
    tests.kill(signal);
  });
}
tests.on('exit', (code, signal) => {
  stopHogs();
  console.error(
    `test:stress: ${command} ${commandArgs.join(' ')} ended (${signal ?? `code ${code}`}) after ${Math.round((Date.now() - started) / 1000)} s`,
  );
  process.exit(code ?? 1);
});
