import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** One GET path of the bare server: `bytes` sent as they are, or written to a file and sent as a static file. */
export interface BareRoute {
  path: string;
  bytes: Uint8Array;
  contentType: string;
  /** true: through @fastify/static's sendFile from a temporary folder (as the SPA's index.html was served); false: `reply.send(bytes)`. */
  asFile: boolean;
}

export interface BareServer {
  baseUrl: string;
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);

// Plain CommonJS run in a worker thread: the bare server gets its own event loop, so
// it does not share one with the load generator running in the bench's main thread.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Fastify = require(workerData.fastifyPath);
const fastifyStatic = require(workerData.staticPath);
const app = Fastify({ logger: false });
app.register(fastifyStatic, { root: workerData.root, serve: false, index: false });
for (const route of workerData.routes) {
  const bytes = Buffer.from(route.bytes);
  app.get(route.path, (request, reply) => route.asFile
    ? reply.sendFile(route.file, { cacheControl: false })
    : reply.header('content-type', route.contentType).send(bytes));
}
app.listen({ host: '127.0.0.1', port: 0 }).then(
  () => parentPort.postMessage({ port: app.server.address().port }),
  (error) => parentPort.postMessage({ error: String(error) }),
);
`;

/**
 * A bare Fastify server on a free loopback port, in a worker thread of the bench
 * process: nothing but the given routes (no plugins, hooks, logging or database).
 */
export async function startBareServer(routes: BareRoute[]): Promise<BareServer> {
  const root = mkdtempSync(path.join(tmpdir(), 'rexer-bench-static-'));
  const workerRoutes = routes.map((route, index) => {
    const file = `page-${index}${route.contentType.includes('html') ? '.html' : '.bin'}`;
    if (route.asFile) writeFileSync(path.join(root, file), route.bytes);
    return { ...route, file };
  });
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      fastifyPath: require.resolve('fastify'),
      staticPath: require.resolve('@fastify/static'),
      root,
      routes: workerRoutes,
    },
  });
  const cleanup = async () => {
    await worker.terminate();
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`bare server worker exited with code ${code}`)));
      worker.once('message', (message: { port?: number; error?: string }) =>
        message.port ? resolve(message.port) : reject(new Error(message.error ?? 'bare server did not start')),
      );
    });
    return { baseUrl: `http://127.0.0.1:${port}`, stop: cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
