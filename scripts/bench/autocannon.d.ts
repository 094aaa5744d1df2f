// autocannon ships no types; this covers the part the benchmark uses.
declare module "autocannon" {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests to send in all; the run ends when every one is answered (duration is ignored). */
    amount?: number;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
    /** Milliseconds between samples (the run ends at the sample after its last answer). */
    sampleInt?: number;
    headers?: Record<string, string>;
    /** Each request may be rewritten before it is sent (its path, say). */
    requests?: Array<{ setupRequest?: (request: { path?: string }) => { path?: string } }>;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    /** Seconds the run took. */
    duration: number;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    non2xx: number;
    "2xx": number;
    errors: number;
    timeouts: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
