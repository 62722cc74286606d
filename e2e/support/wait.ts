// SPDX-License-Identifier: Apache-2.0
// Polling with a generous deadline. Tests wait for outcomes, never assert on how long they took.

export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
}

/**
 * Calls `probe` until it returns a value other than `undefined` and returns that value. On timeout
 * throws an error naming `what` and the last state `describe` reported (or the last probe error).
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  describe: () => Promise<string> = async () => '',
  { timeoutMs = 120_000, intervalMs = 500 }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const state = lastError instanceof Error ? `last error: ${lastError.message}` : await describe();
      throw new Error(`timed out after ${timeoutMs / 1000}s waiting for ${what}${state ? `; ${state}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
