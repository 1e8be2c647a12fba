import { describe, expect, it } from 'vitest';
import { ImageWorkQueue } from './image-work';

/** A job the test ends by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('ImageWorkQueue', () => {
  it('runs at most its slots at once, the others in the order they came, and hands each freed slot to the next', async () => {
    const running: number[] = [];
    const queue = new ImageWorkQueue(2, (event, count) => event === 'start' && running.push(count));
    const gates = [gate(), gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const jobs = gates.map((g, i) =>
      queue.run(async () => {
        started.push(i);
        await g.opened;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([queue.active, queue.queued]).toEqual([2, 3]);
    gates[1]!.open();
    await jobs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    gates[2]!.open();
    gates[3]!.open();
    gates[4]!.open();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(Math.max(...running)).toBe(2);
    expect([queue.active, queue.queued]).toEqual([0, 0]);
  });

  it('frees the slot of a job that fails', async () => {
    const queue = new ImageWorkQueue(1);
    await expect(queue.run(async () => Promise.reject(new Error('corrupted')))).rejects.toThrow('corrupted');
    expect(await queue.run(async () => 'next')).toBe('next');
    expect(queue.active).toBe(0);
  });

  it('refuses fewer than one slot', () => {
    expect(() => new ImageWorkQueue(0)).toThrow(RangeError);
  });
});
