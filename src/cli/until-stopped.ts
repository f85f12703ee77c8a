/** What a serving command (`review`, `mock-server`) waits on: the first SIGINT or SIGTERM. */

/** Resolves on the first SIGINT or SIGTERM, and stops listening for them. */
export function untilStopped(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve(signal);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}
