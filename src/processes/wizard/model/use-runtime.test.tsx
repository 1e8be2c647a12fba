import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { useRuntime } from './use-runtime';

interface Fake {
  id: number;
  stopped: boolean;
  stop(): void;
}

function fakes() {
  const made: Fake[] = [];
  const create = () => {
    const fake: Fake = { id: made.length + 1, stopped: false, stop: () => void (fake.stopped = true) };
    made.push(fake);
    return fake;
  };
  return { made, create };
}

function Shows({ create, seen }: { create: () => Fake; seen: (Fake | null)[] }) {
  const runtime = useRuntime(create);
  seen.push(runtime);
  return <p>{runtime ? `runtime ${runtime.id}` : 'none'}</p>;
}

describe('useRuntime', () => {
  it('runs one runtime while mounted, a strict-mode remount included, and stops it on unmount', () => {
    const { made, create } = fakes();
    const seen: (Fake | null)[] = [];
    const { container, unmount } = render(
      <StrictMode>
        <Shows create={create} seen={seen} />
      </StrictMode>,
    );
    const live = made.filter((fake) => !fake.stopped);
    expect(live).toHaveLength(1);
    expect(container.textContent).toBe(`runtime ${live[0].id}`);
    // Never a stopped runtime on screen.
    expect(seen.filter((runtime) => runtime?.stopped && runtime === seen[seen.length - 1])).toEqual([]);
    act(() => unmount());
    expect(made.every((fake) => fake.stopped)).toBe(true);
  });

  it('makes a new runtime when its maker changes, stopping the one before', () => {
    const first = fakes();
    const second = fakes();
    const seen: (Fake | null)[] = [];
    const { container, rerender } = render(<Shows create={first.create} seen={seen} />);
    expect(container.textContent).toBe('runtime 1');
    rerender(<Shows create={second.create} seen={seen} />);
    expect(first.made.map((fake) => fake.stopped)).toEqual([true]);
    expect(second.made.map((fake) => fake.stopped)).toEqual([false]);
    expect(seen[seen.length - 1]).toBe(second.made[0]);
  });
});
