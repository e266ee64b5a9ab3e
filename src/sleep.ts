// The one timer dws waits on: poll and page intervals, transport and upload retry backoffs, login polling, a local
// process's stop. A caller that must not really wait (a test, a recorded run) injects its own `Sleep` where the
// options take one (ExecuteOptions.sleep, UploadRetry.sleep, the CLI's io.sleep); this is the default behind them.
export type Sleep = (ms: number) => Promise<void>;

export const sleep: Sleep = (ms) => new Promise<void>((done) => setTimeout(done, ms));
