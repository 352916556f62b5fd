const T = (l) => console.error(l, performance.now() | 0);
T('boot');
const { ensureServerBuild, SERVER_BUNDLE } = await import('./server-build.mjs');
T('server-build module');
await ensureServerBuild();
T('ensureServerBuild');
globalThis.__T = T;
await import(SERVER_BUNDLE);
