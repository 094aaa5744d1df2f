/** Retries with exponential back-off, for calls to third parties (Supabase Auth, the AI provider). */

export interface RetryOptions {
  /** Retries after the first attempt (default 3). */
  retries?: number;
  /** The first delay; each further delay doubles (default 200 ms: 200, 400, 800). */
  baseDelayMs?: number;
  /** Which failures are worth another attempt. */
  shouldRetry: (error: unknown) => boolean;
  /** The delay a failure asks for itself (a Retry-After header), used when longer than the back-off. */
  delayFor?: (error: unknown) => number | undefined;
  /** How to wait (default setTimeout); tests pass a recorder. */
  sleep?: (ms: number) => Promise<void>;
  /** Called before each retry's wait. */
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn`, and again after 200, 400, 800 ms (by default) while it fails with a retryable
 * error; rethrows the last error once retries run out or a failure is not retryable.
 */
export async function retry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const retries = options.retries ?? 3;
  const baseDelayMs = options.baseDelayMs ?? 200;
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (error) {
      if (attempt >= retries || !options.shouldRetry(error)) throw error;
      const delayMs = Math.max(baseDelayMs * 2 ** attempt, options.delayFor?.(error) ?? 0);
      options.onRetry?.({ attempt: attempt + 1, delayMs, error });
      await sleep(delayMs);
    }
  }
}
