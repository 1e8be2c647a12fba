/** The part of autocannon 9 (which ships no types) the bench uses. */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  function autocannon(
    options: autocannon.Options,
    callback: (error: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;

  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      headers?: Record<string, string>;
      /** The request pipeline; `setupRequest` may change each request before it is sent. */
      requests?: {
        setupRequest?: (
          request: { path: string; headers: Record<string, string> },
          context: Record<string, unknown>,
        ) => { path: string; headers: Record<string, string> };
      }[];
    }

    interface Result {
      /** Seconds the run lasted. */
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      requests: { total: number; average: number };
    }

    /** Emits 'response' (client, statusCode, bytes, milliseconds) for every answer. */
    interface Instance extends EventEmitter {
      stop(): void;
    }
  }

  export = autocannon;
}
