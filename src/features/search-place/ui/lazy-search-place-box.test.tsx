import { act, useState } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrateOnUse } from './lazy-search-place-box';

/** A box that only works hydrated: its button counts. */
function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <form>
      <input aria-label={label} />
      <button type="button" onClick={() => setCount((value) => value + 1)}>
        {`${label}: ${count}`}
      </button>
    </form>
  );
}

const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

async function serverHtml(label: string): Promise<string> {
  vi.stubEnv('SSR', true);
  try {
    // The server's own copy: its code starts loading when it is created, and is there for the render.
    const server = hydrateOnUse(() => Promise.resolve(Counter));
    await new Promise((resolve) => setTimeout(resolve, 0));
    return renderToString(<server.Box label={label} />);
  } finally {
    vi.unstubAllEnvs();
  }
}

describe('hydrateOnUse', () => {
  let container: HTMLDivElement;
  let root: Root | undefined;
  const recoverable = vi.fn();

  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    document.body.append(container);
    recoverable.mockReset();
  });

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    container.remove();
  });

  it('renders whole on the server', async () => {
    const html = await serverHtml('Dove');
    expect(html).toContain('<input aria-label="Dove"/>');
    expect(html).toContain('Dove: 0');
  });

  it('keeps the server HTML without loading the code until the visitor comes to the box, then hydrates it in place', async () => {
    container.innerHTML = await serverHtml('Dove');
    const serverButton = container.querySelector('button')!;
    const load = vi.fn(() => Promise.resolve(Counter));
    const browser = hydrateOnUse(load);

    await act(async () => {
      root = hydrateRoot(container, <browser.Box label="Dove" />, { onRecoverableError: recoverable });
    });
    await flush();
    expect(load).not.toHaveBeenCalled();
    await act(async () => serverButton.click());
    expect(serverButton.textContent).toBe('Dove: 0');

    // The server's input is usable meanwhile; the focus on it starts the code.
    const input = container.querySelector('input')!;
    await act(async () => input.focus());
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    // Hydrated, not replaced: the same elements, now answering, the focus kept.
    expect(container.querySelector('input')).toBe(input);
    expect(document.activeElement).toBe(input);
    expect(container.querySelector('button')).toBe(serverButton);
    await act(async () => serverButton.click());
    expect(serverButton.textContent).toBe('Dove: 1');
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('starts on a pointer over the box too', async () => {
    container.innerHTML = await serverHtml('Dove');
    const load = vi.fn(() => Promise.resolve(Counter));
    const browser = hydrateOnUse(load);
    await act(async () => {
      root = hydrateRoot(container, <browser.Box label="Dove" />, { onRecoverableError: recoverable });
    });
    await flush();
    expect(load).not.toHaveBeenCalled();
    await act(async () => container.querySelector('form')!.dispatchEvent(new Event('pointerover', { bubbles: true })));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => container.querySelector('button')!.click());
    expect(container.querySelector('button')?.textContent).toBe('Dove: 1');
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('loads at once where no server HTML waits (a navigation inside the app)', async () => {
    const load = vi.fn(() => Promise.resolve(Counter));
    const browser = hydrateOnUse(load);
    await act(async () => {
      root = createRoot(container);
      root.render(<browser.Box label="Dove" />);
    });
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.querySelector('button')?.textContent).toBe('Dove: 0');
  });
});
