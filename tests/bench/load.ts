import autocannon from 'autocannon';

export interface LoadResult {
  path: string;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  /** The 97.5th percentile (the cold search's goal is stated on it). */
  p975: number;
  p99: number;
  rps: number;
  /** measureThroughput: how many of the errors were requests unanswered within autocannon's 10 s timeout. */
  timeouts?: number;
  /** measureThroughput: answers with a status of 400 or more, by status. */
  failedStatuses?: Record<number, number>;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/**
 * Sends a bounded number of requests to one path on loopback with a fixed number
 * of concurrent clients, and measures each request's latency. Several base URLs (servers
 * behind a load balancer) take the requests in turn.
 */
export async function measureLoad(
  baseUrl: string | string[],
  path: string,
  options: {
    requests: number;
    concurrency: number;
    init?: RequestInit;
    headersFor?: (index: number) => Record<string, string>;
  },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < options.requests) {
      const index = next;
      next += 1;
      const t0 = performance.now();
      try {
        const headers = {
          Portal: '5',
          ...(options.init?.headers as Record<string, string> | undefined),
          ...options.headersFor?.(index),
        };
        const base = Array.isArray(baseUrl) ? baseUrl[index % baseUrl.length] : baseUrl;
        const res = await fetch(base + path, { ...options.init, headers });
        await res.arrayBuffer();
        if (res.status >= 400) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    path,
    requests: latencies.length,
    errors,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p975: percentile(latencies, 97.5),
    p99: percentile(latencies, 99),
    rps: latencies.length / elapsed,
  };
}

/**
 * Keeps `connections` HTTP/1.1 connections busy on one URL for a fixed time (autocannon,
 * which loads a server harder than fetch can from one Node process) and measures each
 * answer's latency with the same percentiles as measureLoad. An error is a failed
 * connection, a timeout or a status of 400 or more.
 */
export async function measureThroughput(
  baseUrl: string,
  path: string,
  options: {
    connections: number;
    durationSeconds: number;
    headers?: Record<string, string>;
    /** Each request its own path and extra headers (the nth request sent): a different search each time, a client address each. */
    vary?: (n: number) => { path?: string; headers?: Record<string, string> };
  },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let failedStatus = 0;
  const failedStatuses: Record<number, number> = {};
  const headers = { Portal: '5', ...options.headers };
  let sent = 0;
  const vary = options.vary;
  const pipeline = vary
    ? [
        {
          setupRequest: (request: { path: string; headers: Record<string, string> }) => {
            const v = vary(sent++);
            return { ...request, path: v.path ?? request.path, headers: { ...request.headers, ...v.headers } };
          },
        },
      ]
    : undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl + path,
        connections: options.connections,
        duration: options.durationSeconds,
        headers,
        ...(pipeline ? { requests: pipeline } : {}),
      },
      (error, value) => (error ? reject(error) : resolve(value)),
    );
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, milliseconds: number) => {
      latencies.push(milliseconds);
      if (statusCode >= 400) {
        failedStatus += 1;
        failedStatuses[statusCode] = (failedStatuses[statusCode] ?? 0) + 1;
      }
    });
  });
  latencies.sort((a, b) => a - b);
  const requests = latencies.length + result.errors;
  return {
    path,
    requests,
    errors: failedStatus + result.errors,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p975: percentile(latencies, 97.5),
    p99: percentile(latencies, 99),
    rps: latencies.length / result.duration,
    timeouts: result.timeouts,
    failedStatuses,
  };
}
