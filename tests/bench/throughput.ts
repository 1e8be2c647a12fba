import { startBareServer } from './bare-server';
import { measureThroughput, type LoadResult } from './load';

export interface Comparison {
  path: string;
  bytes: number;
  contentType: string;
  app: LoadResult;
  bare: LoadResult;
  /** app req/s ÷ bare req/s */
  ratio: number;
}

/**
 * For each path: fetches the app's answer once, serves the same bytes (with the same
 * content type) from a bare Fastify server in a worker thread of this process, then loads
 * the app and the bare server in turn with the same connections for the same time, each
 * after a short warm-up. `asFile`: the bare server sends the bytes as a static file
 * (@fastify/static's sendFile from a temporary folder) rather than from memory.
 */
export async function compareWithBare(
  appBaseUrl: string,
  paths: string[],
  options: { connections: number; durationSeconds: number; warmupSeconds: number; asFile: boolean },
): Promise<Comparison[]> {
  const fetched = [];
  for (const path of paths) {
    const res = await fetch(appBaseUrl + path, { headers: { Portal: '5' }, redirect: 'manual' });
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: nothing to compare`);
    fetched.push({
      path,
      bytes,
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      asFile: options.asFile,
    });
  }
  const bare = await startBareServer(fetched);
  try {
    for (const page of fetched) {
      const check = await fetch(bare.baseUrl + page.path);
      if (Buffer.compare(Buffer.from(await check.arrayBuffer()), Buffer.from(page.bytes)) !== 0) {
        throw new Error(`the bare server does not answer the bytes of ${page.path}`);
      }
    }
    const comparisons: Comparison[] = [];
    for (const page of fetched) {
      const load = (baseUrl: string, durationSeconds: number) =>
        measureThroughput(baseUrl, page.path, { connections: options.connections, durationSeconds });
      await load(appBaseUrl, options.warmupSeconds);
      const app = await load(appBaseUrl, options.durationSeconds);
      await load(bare.baseUrl, options.warmupSeconds);
      const bareResult = await load(bare.baseUrl, options.durationSeconds);
      comparisons.push({
        path: page.path,
        bytes: page.bytes.length,
        contentType: page.contentType,
        app,
        bare: bareResult,
        ratio: app.rps / bareResult.rps,
      });
    }
    return comparisons;
  } finally {
    await bare.stop();
  }
}
