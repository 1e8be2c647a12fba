import { describe, expect, it } from 'vitest';
import {
  IMAGE_WORK_BUSY_RETRY_AFTER_S,
  IMAGE_WORK_SHARE_RETRY_AFTER_S,
  ImageWorkQueue,
  type ImageWorkOwner,
  type ImageWorkPass,
} from './image-work';

/** A job the test ends by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Lets every settled promise's callbacks run (a job handed a slot starts a few microtasks later). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

const owner = (account: number, address = `198.51.100.${account}`): ImageWorkOwner => ({ account, address });

/** Takes a place for `who`, failing the test when it is refused. */
function enter(queue: ImageWorkQueue, who: ImageWorkOwner): ImageWorkPass {
  const entry = queue.enter(who);
  if (!entry.admitted) throw new Error(`refused: ${entry.refusal}`);
  return entry.pass;
}

/** One image's job held open by a gate; `started` and `done` record the order of labels. */
function job(queue: ImageWorkQueue, who: ImageWorkOwner, label: string, log: { started: string[]; done: string[] }) {
  const pass = enter(queue, who);
  const g = gate();
  const result = pass
    .run(async () => {
      log.started.push(label);
      await g.opened;
      return label;
    })
    .finally(() => {
      log.done.push(label);
      pass.release();
    });
  return { ...g, result };
}

describe('ImageWorkQueue', () => {
  it('runs at most its slots at once, the others in the order they came, and hands each freed slot to the next', async () => {
    const running: number[] = [];
    const queue = new ImageWorkQueue(
      { slots: 2, perAccount: 5, perAddress: 5, queueMax: 10 },
      (event, count) => event === 'start' && running.push(count),
    );
    const log = { started: [] as string[], done: [] as string[] };
    // One account: its jobs keep the order they came in.
    const jobs = [0, 1, 2, 3, 4].map((i) => job(queue, owner(1), String(i), log));
    await settle();
    expect(log.started).toEqual(['0', '1']);
    expect([queue.active, queue.queued, queue.entered]).toEqual([2, 3, 5]);
    jobs[1]!.open();
    await jobs[1]!.result;
    await settle();
    expect(log.started).toEqual(['0', '1', '2']);
    // The slot went straight to the next job: never more than 2 running, never fewer while some wait.
    expect([queue.active, queue.queued]).toEqual([2, 2]);
    for (const j of jobs) j.open();
    expect(await Promise.all(jobs.map((j) => j.result))).toEqual(['0', '1', '2', '3', '4']);
    expect(log.started).toEqual(['0', '1', '2', '3', '4']);
    expect(Math.max(...running)).toBe(2);
    expect([queue.active, queue.queued, queue.entered]).toEqual([0, 0, 0]);
  });

  it('serves waiting jobs round-robin across accounts: one account’s first job waits behind one job of each other account, not behind all of a flooder’s', async () => {
    const queue = new ImageWorkQueue({ slots: 1, perAccount: 10, perAddress: 10, queueMax: 20 });
    const log = { started: [] as string[], done: [] as string[] };
    const busy = job(queue, owner(9), 'busy', log);
    await settle();
    // A flooder queues five jobs, then two others queue one or two each.
    const flood = [1, 2, 3, 4, 5].map((i) => job(queue, owner(1), `F${i}`, log));
    const seller = job(queue, owner(2), 'S1', log);
    const other = [1, 2].map((i) => job(queue, owner(3), `O${i}`, log));
    expect(queue.queued).toBe(8);
    busy.open();
    for (const j of [...flood, seller, ...other]) j.open();
    await Promise.all([busy, ...flood, seller, ...other].map((j) => j.result));
    // Turns go F, S, O, F, O, F, F, F: the seller's job is second, not sixth.
    expect(log.started).toEqual(['busy', 'F1', 'S1', 'O1', 'F2', 'O2', 'F3', 'F4', 'F5']);
    expect(log.done.indexOf('S1')).toBeLessThan(log.done.indexOf('F2'));
  });

  it('puts an account that comes back behind the accounts already waiting', async () => {
    const queue = new ImageWorkQueue({ slots: 1, perAccount: 10, perAddress: 10, queueMax: 20 });
    const log = { started: [] as string[], done: [] as string[] };
    const busy = job(queue, owner(9), 'busy', log);
    await settle();
    const a1 = job(queue, owner(1), 'A1', log);
    const b1 = job(queue, owner(2), 'B1', log);
    const b2 = job(queue, owner(2), 'B2', log);
    busy.open();
    a1.open();
    await a1.result;
    // A had nothing waiting when B1 started: its next job comes after B's waiting one.
    const a2 = job(queue, owner(1), 'A2', log);
    const c1 = job(queue, owner(3), 'C1', log);
    for (const j of [b1, b2, a2, c1]) j.open();
    await Promise.all([b1.result, b2.result, a2.result, c1.result]);
    expect(log.started).toEqual(['busy', 'A1', 'B1', 'B2', 'A2', 'C1']);
  });

  it('refuses at once an image past its account’s share, its address’s share, or a full line, and counts waiting, running and between-jobs images alike', async () => {
    const queue = new ImageWorkQueue({ slots: 1, perAccount: 2, perAddress: 3, queueMax: 4 });
    const held = [enter(queue, owner(1, '10.0.0.1')), enter(queue, owner(1, '10.0.0.1'))];
    // The account's two places are taken (neither has run anything yet): a third is refused.
    expect(queue.enter(owner(1, '10.0.0.2'))).toEqual({
      admitted: false,
      refusal: 'account',
      retryAfterSeconds: IMAGE_WORK_SHARE_RETRY_AFTER_S,
    });
    expect(queue.refusalFor(owner(1, '10.0.0.2'))).toBe('account');
    // Another account at the same address takes the address's third place; a fourth account there is refused.
    held.push(enter(queue, owner(2, '10.0.0.1')));
    expect(queue.enter(owner(3, '10.0.0.1'))).toEqual({
      admitted: false,
      refusal: 'address',
      retryAfterSeconds: IMAGE_WORK_SHARE_RETRY_AFTER_S,
    });
    // The line holds slots + queueMax = 5 images: two more from elsewhere, then it is full.
    held.push(enter(queue, owner(4)), enter(queue, owner(5)));
    expect(queue.entered).toBe(5);
    expect(queue.enter(owner(6))).toEqual({
      admitted: false,
      refusal: 'line',
      retryAfterSeconds: IMAGE_WORK_BUSY_RETRY_AFTER_S,
    });
    expect(queue.refusalFor(owner(6))).toBe('line');
    // A refusal takes nothing; a place given back (twice: once counts) lets one more in.
    held[0]!.release();
    held[0]!.release();
    expect(queue.entered).toBe(4);
    expect(queue.refusalFor(owner(1, '10.0.0.2'))).toBeNull();
    expect(queue.refusalFor(owner(3, '10.0.0.1'))).toBeNull();
    held.push(enter(queue, owner(6)));
    expect(queue.refusalFor(owner(7))).toBe('line');
    for (const pass of held) pass.release();
    expect([queue.entered, queue.active, queue.queued]).toEqual([0, 0, 0]);
    expect(queue.refusalFor(owner(1, '10.0.0.1'))).toBeNull();
  });

  it('lets a pass run its jobs one after another, never two at once, and nothing after its release', async () => {
    const queue = new ImageWorkQueue(2);
    const pass = enter(queue, owner(1));
    const g = gate();
    const first = pass.run(() => g.opened);
    await expect(pass.run(async () => 'second')).rejects.toThrow(/one job of an image at a time/);
    g.open();
    await first;
    expect(await pass.run(async () => 'then')).toBe('then');
    pass.release();
    await expect(pass.run(async () => 'after')).rejects.toThrow(/released/);
    expect([queue.entered, queue.active]).toEqual([0, 0]);
  });

  it('frees the slot and the place of a job that fails, and hands the slot on', async () => {
    const queue = new ImageWorkQueue({ slots: 1, perAccount: 1, perAddress: 2, queueMax: 2 });
    const failing = enter(queue, owner(1));
    const g = gate();
    const failed = failing
      .run(async () => {
        await g.opened;
        throw new Error('corrupted');
      })
      .finally(() => failing.release());
    const waiting = enter(queue, owner(2));
    const next = waiting.run(async () => 'next').finally(() => waiting.release());
    await settle();
    expect([queue.active, queue.queued]).toEqual([1, 1]);
    g.open();
    await expect(failed).rejects.toThrow('corrupted');
    expect(await next).toBe('next');
    expect([queue.entered, queue.active, queue.queued]).toEqual([0, 0, 0]);
    // The account's only place is free again.
    const again = enter(queue, owner(1));
    expect(await again.run(async () => 'again')).toBe('again');
    again.release();
  });

  it('refuses fewer than one slot, and shares of less than one', () => {
    expect(() => new ImageWorkQueue(0)).toThrow(RangeError);
    expect(() => new ImageWorkQueue({ slots: 1, perAccount: 0 })).toThrow(RangeError);
    expect(() => new ImageWorkQueue({ slots: 1, perAddress: 1.5 })).toThrow(RangeError);
    expect(() => new ImageWorkQueue({ slots: 1, queueMax: -1 })).toThrow(RangeError);
    expect(new ImageWorkQueue(1).limits).toEqual({ slots: 1, perAccount: 2, perAddress: 4, queueMax: 24 });
  });
});
