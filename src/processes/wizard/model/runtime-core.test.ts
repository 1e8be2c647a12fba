import { describe, expect, it, vi } from 'vitest';
import { assign, setup, type InspectionEvent } from 'xstate';
import { createWizardRuntimeCore } from './runtime-core';

// A tiny wizard: two steps, Back only from the second, a note that changes nothing on screen.
const tinyMachine = setup({
  types: {
    context: {} as { answers: string[]; notes: number },
    input: {} as { first: string },
    events: {} as { type: 'ANSWER'; answer: string } | { type: 'BACK' } | { type: 'NOTE' } | { type: 'FINISH' },
  },
}).createMachine({
  id: 'tiny',
  context: ({ input }) => ({ answers: [input.first], notes: 0 }),
  initial: 'first',
  on: { NOTE: { actions: assign({ notes: ({ context }) => context.notes + 1 }) } },
  states: {
    first: {
      on: {
        ANSWER: {
          target: 'second',
          actions: assign({ answers: ({ context, event }) => [...context.answers, event.answer] }),
        },
      },
    },
    second: { on: { BACK: 'first', FINISH: 'done' } },
    done: { type: 'final' },
  },
});

const viewOf = (snapshot: ReturnType<typeof tinyMachine.getInitialSnapshot>) => ({
  step: snapshot.status === 'done' ? null : String(snapshot.value),
  answered: snapshot.context.answers.length,
  canGoBack: snapshot.can({ type: 'BACK' }),
  done: snapshot.status === 'done',
});

function tiny(inspect?: (event: InspectionEvent) => void) {
  const runtime = createWizardRuntimeCore(tinyMachine, { input: { first: 'a' }, inspect, view: viewOf });
  runtime.start();
  return runtime;
}

describe('the wizard runtime core', () => {
  it('creates the actor from the machine and its input, with the inspector', () => {
    const inspect = vi.fn();
    const runtime = tiny(inspect);
    expect(runtime.actor.getSnapshot().context.answers).toEqual(['a']);
    expect(inspect).toHaveBeenCalledWith(expect.objectContaining({ type: '@xstate.actor', actorRef: runtime.actor }));
    runtime.stop();
  });

  it('derives the view from the snapshot and keeps the same object until a value of it changes', () => {
    const runtime = tiny();
    const first = runtime.view();
    expect(first).toEqual({ step: 'first', answered: 1, canGoBack: false, done: false });
    expect(runtime.view()).toBe(first);
    // A new snapshot that shows nothing new: the view stays the same object.
    runtime.actor.send({ type: 'NOTE' });
    expect(runtime.actor.getSnapshot().context.notes).toBe(1);
    expect(runtime.view()).toBe(first);
    runtime.send({ type: 'ANSWER', answer: 'b' });
    expect(runtime.view()).not.toBe(first);
    expect(runtime.view()).toEqual({ step: 'second', answered: 2, canGoBack: true, done: false });
    runtime.stop();
  });

  it('compares what the view derives again (an object, an array) by its values', () => {
    const runtime = createWizardRuntimeCore(tinyMachine, {
      input: { first: 'a' },
      view: (snapshot) => ({
        progress: { current: snapshot.context.answers.length, total: 2 },
        path: [...snapshot.context.answers],
      }),
    });
    runtime.start();
    const first = runtime.view();
    runtime.actor.send({ type: 'NOTE' });
    expect(runtime.view()).toBe(first);
    runtime.send({ type: 'ANSWER', answer: 'b' });
    expect(runtime.view()).toEqual({ progress: { current: 2, total: 2 }, path: ['a', 'b'] });
    runtime.stop();
  });

  it('tells its listeners of a change of the view only, until they unsubscribe', () => {
    const runtime = tiny();
    const listener = vi.fn();
    const unsubscribe = runtime.subscribe(listener);
    runtime.actor.send({ type: 'NOTE' });
    expect(listener).not.toHaveBeenCalled();
    runtime.send({ type: 'ANSWER', answer: 'b' });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    runtime.send({ type: 'BACK' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(runtime.view().step).toBe('first');
    runtime.stop();
  });

  it('sends only what the machine takes now, and says whether it did', () => {
    const runtime = tiny();
    const send = vi.spyOn(runtime.actor, 'send');
    expect(runtime.send({ type: 'BACK' })).toBe(false);
    expect(runtime.send({ type: 'FINISH' })).toBe(false);
    expect(send).not.toHaveBeenCalled();
    expect(runtime.send({ type: 'ANSWER', answer: 'b' })).toBe(true);
    expect(runtime.send({ type: 'FINISH' })).toBe(true);
    expect(runtime.view()).toEqual({ step: null, answered: 2, canGoBack: false, done: true });
    // Done: nothing is taken any more.
    expect(runtime.send({ type: 'BACK' })).toBe(false);
    expect(send).toHaveBeenCalledTimes(2);
    runtime.stop();
  });

  it('derives the view again on demand, for what it reads beside the snapshot', () => {
    let label = 'one';
    const runtime = createWizardRuntimeCore(tinyMachine, {
      input: { first: 'a' },
      view: (snapshot) => ({ step: String(snapshot.value), label }),
    });
    runtime.start();
    const listener = vi.fn();
    runtime.subscribe(listener);
    const before = runtime.view();
    runtime.refresh();
    expect(runtime.view()).toBe(before);
    label = 'two';
    runtime.refresh();
    expect(runtime.view()).toEqual({ step: 'first', label: 'two' });
    expect(listener).toHaveBeenCalledTimes(1);
    runtime.stop();
  });

  it('stops the actor', () => {
    const runtime = tiny();
    runtime.stop();
    expect(runtime.actor.getSnapshot().status).toBe('stopped');
    expect(runtime.send({ type: 'ANSWER', answer: 'b' })).toBe(false);
  });
});
