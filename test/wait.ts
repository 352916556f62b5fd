// The one sleep of the tests and their helpers. Use it only where a pause is itself the point (a fake's
// latency, the interval of a polling loop); to wait for something, poll for it (vi.waitFor, expect.poll), and
// to show that nothing happened, wait for a later event that must come after it.
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
