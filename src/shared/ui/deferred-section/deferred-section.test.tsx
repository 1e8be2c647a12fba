import { act, use, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredSection } from './deferred-section';

/** The deferred part of a page: a heading (the anchor) and a counter that only works hydrated. */
function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <section>
      <h2 id="later">{label}</h2>
      <button type="button" onClick={() => setCount((value) => value + 1)}>
        {`${label}: ${count}`}
      </button>
    </section>
  );
}

/** IntersectionObserver as the browser's: a test says when the anchor comes near. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly targets: Element[] = [];
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets.length = 0;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  static comeNear() {
    for (const observer of FakeObserver.instances) {
      const entries = observer.targets.map(
        (target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry,
      );
      if (entries.length > 0) observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }
}

/** Where the anchor is, as the browser would measure it (jsdom measures every element at 0). */
let anchorTop = 5000;
function placeAnchor(container: HTMLElement) {
  const anchor = container.querySelector('#later') as HTMLElement;
  anchor.getBoundingClientRect = () => ({ top: anchorTop }) as DOMRect;
}

async function serverHtml(label: string): Promise<string> {
  vi.stubEnv('SSR', true);
  try {
    // The server's own copy of the module: its code loaded by the route's loader, then rendered.
    const server = deferredSection('later', () => Promise.resolve(Counter));
    await server.preload();
    return renderToString(<server.Section label={label} />);
  } finally {
    vi.unstubAllEnvs();
  }
}

const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('deferredSection', () => {
  let container: HTMLDivElement;
  let root: Root | undefined;
  const recoverable = vi.fn();

  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    FakeObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    anchorTop = 5000;
    container = document.createElement('div');
    document.body.append(container);
    recoverable.mockReset();
  });

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    container.remove();
    vi.unstubAllGlobals();
  });

  it('renders whole on the server once preloaded', async () => {
    const html = await serverHtml('Dettagli');
    expect(html).toContain('<h2 id="later">Dettagli</h2>');
    expect(html).toContain('Dettagli: 0');
  });

  it('keeps the server HTML without loading the code until the anchor comes near, then hydrates it in place', async () => {
    container.innerHTML = await serverHtml('Dettagli');
    placeAnchor(container);
    const serverButton = container.querySelector('button')!;
    const load = vi.fn(() => Promise.resolve(Counter));
    const browser = deferredSection('later', load);

    await act(async () => {
      root = hydrateRoot(container, <browser.Section label="Dettagli" />, { onRecoverableError: recoverable });
    });
    await flush();
    expect(load).not.toHaveBeenCalled();
    expect(FakeObserver.instances[0]?.options?.rootMargin).toMatch(/px/);
    expect(container.querySelector('button')).toBe(serverButton);
    await act(async () => serverButton.click());
    expect(serverButton.textContent).toBe('Dettagli: 0');

    await act(async () => FakeObserver.comeNear());
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    // Hydrated, not replaced: the same element, now answering.
    expect(container.querySelector('button')).toBe(serverButton);
    await act(async () => serverButton.click());
    expect(serverButton.textContent).toBe('Dettagli: 1');
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('leaves a waiting section alone when the page renders again with the same props', async () => {
    container.innerHTML = `<main title="">${await serverHtml('Simili')}</main>`;
    placeAnchor(container);
    const load = vi.fn(() => Promise.resolve(Counter));
    const browser = deferredSection('later', load);
    function Page({ title }: { title: string }) {
      return (
        <main title={title}>
          <browser.Section label="Simili" />
        </main>
      );
    }
    await act(async () => {
      root = hydrateRoot(container, <Page title="" />, { onRecoverableError: recoverable });
    });
    // The page renders again (the listing read again, say) before the section's code came.
    await act(async () => root!.render(<Page title="letto di nuovo" />));
    expect(container.querySelector('main')?.title).toBe('letto di nuovo');
    await flush();
    expect(container.querySelector('h2')?.textContent).toBe('Simili');
    expect(load).not.toHaveBeenCalled();
    await act(async () => FakeObserver.comeNear());
    await flush();
    expect(container.querySelector('button')?.textContent).toBe('Simili: 0');
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('hydrates a section the reader jumped past in one scroll (it never intersected)', async () => {
    container.innerHTML = await serverHtml('Piantina');
    placeAnchor(container);
    const load = vi.fn(() => Promise.resolve(Counter));
    const browser = deferredSection('later', load);
    await act(async () => {
      root = hydrateRoot(container, <browser.Section label="Piantina" />, { onRecoverableError: recoverable });
    });
    await flush();
    expect(load).not.toHaveBeenCalled();
    anchorTop = -1200;
    await act(async () => window.dispatchEvent(new Event('scroll')));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => container.querySelector('button')!.click());
    expect(container.querySelector('button')?.textContent).toBe('Piantina: 1');
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('loads at once when its server HTML is already in view at hydration', async () => {
    container.innerHTML = await serverHtml('Mutuo');
    placeAnchor(container);
    anchorTop = 200;
    const load = vi.fn(() => Promise.resolve(Counter));
    const browser = deferredSection('later', load);
    await act(async () => {
      root = hydrateRoot(container, <browser.Section label="Mutuo" />, { onRecoverableError: recoverable });
    });
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('loads at once after a navigation inside the app (no server HTML to keep)', async () => {
    const load = vi.fn(() => Promise.resolve(Counter));
    const browser = deferredSection('later', load);
    const { createRoot } = await import('react-dom/client');
    root = createRoot(container);
    await act(async () => root!.render(<browser.Section label="Mappa" />));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.querySelector('button')?.textContent).toBe('Mappa: 0');
  });

  it("starts loading at once when the route's loader asks, in the browser", async () => {
    container.innerHTML = await serverHtml('Costi');
    placeAnchor(container);
    const load = vi.fn(() => Promise.resolve(Counter));
    const browser = deferredSection('later', load);
    await act(async () => {
      root = hydrateRoot(container, <browser.Section label="Costi" />, { onRecoverableError: recoverable });
    });
    expect(load).not.toHaveBeenCalled();
    await act(async () => browser.preload());
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => container.querySelector('button')!.click());
    expect(container.querySelector('button')?.textContent).toBe('Costi: 1');
  });

  it('keeps the server HTML while the hydrating section waits for its data, then hydrates it in place', async () => {
    let resolveData: (label: string) => void = () => undefined;
    const data = new Promise<string>((resolve) => (resolveData = resolve));
    // A section whose data is not in the page's hydration state: it suspends in the browser until fetched.
    function WithData() {
      return <Counter label={use(data)} />;
    }
    container.innerHTML = await serverHtml('Dettagli');
    placeAnchor(container);
    const serverButton = container.querySelector('button')!;
    const browser = deferredSection('later', () => Promise.resolve(WithData));
    await act(async () => {
      root = hydrateRoot(container, <browser.Section />, { onRecoverableError: recoverable });
    });
    await act(async () => FakeObserver.comeNear());
    await flush();
    expect(container.querySelector('button')).toBe(serverButton);
    expect(serverButton.textContent).toBe('Dettagli: 0');

    await act(async () => resolveData('Dettagli'));
    await flush();
    expect(container.querySelector('button')).toBe(serverButton);
    await act(async () => serverButton.click());
    expect(serverButton.textContent).toBe('Dettagli: 1');
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('leaves the section out, and the page around it, when its data cannot be fetched', async () => {
    const failing = Promise.reject(new Error('503'));
    failing.catch(() => undefined);
    function WithData() {
      return <Counter label={use(failing)} />;
    }
    const browser = deferredSection('later', () => Promise.resolve(WithData));
    const { createRoot } = await import('react-dom/client');
    // React reports the error it caught; the boundary's answer is what this test reads.
    root = createRoot(container, { onCaughtError: () => undefined });
    await act(async () =>
      root!.render(
        <main>
          <p>Pagina</p>
          <browser.Section />
        </main>,
      ),
    );
    await flush();
    expect(container.innerHTML).toBe('<main><p>Pagina</p></main>');
  });

  it('leaves the section out when its code cannot be loaded', async () => {
    const browser = deferredSection<{ label: string }>('later', () => Promise.reject(new Error('chunk gone')));
    const { createRoot } = await import('react-dom/client');
    root = createRoot(container);
    await act(async () => root!.render(<browser.Section label="Mappa" />));
    await flush();
    expect(container.innerHTML).toBe('');
  });
});
