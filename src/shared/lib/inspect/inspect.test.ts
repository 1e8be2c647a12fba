import { createActor, createMachine } from 'xstate';
import { describe, expect, it, vi } from 'vitest';

const inspected: unknown[] = [];
vi.mock('@statelyai/inspect', () => ({
  createBrowserInspector: vi.fn(() => ({ inspect: { next: (event: unknown) => inspected.push(event) } })),
}));

const { inspectOptions, inspectionAllowed } = await import('./inspect');

describe('inspectOptions', () => {
  it('is allowed in development (the test build)', () => {
    expect(inspectionAllowed).toBe(true);
  });

  it('connects nothing without ?inspect', async () => {
    expect(await inspectOptions('?q=casa')).toEqual({});
  });

  it('with ?inspect, reports an actor to the Stately inspector, loaded once', async () => {
    const options = await inspectOptions('?inspect');
    expect(options.inspect).toBeDefined();
    const { createBrowserInspector } = await import('@statelyai/inspect');
    await inspectOptions('?inspect&x=1');
    expect(createBrowserInspector).toHaveBeenCalledTimes(1);
    createActor(createMachine({ id: 'probe', initial: 'a', states: { a: {} } }), options).start();
    expect(inspected.length).toBeGreaterThan(0);
  });
});
