import { createElement, memo, Suspense, use, useEffect, useRef, type ComponentType } from 'react';
import type { SearchPlaceBoxProps } from './search-place-box';
import styles from './lazy-search-place-box.module.css';

// The search box over a page that already shows its results: the first screen does not carry its
// autocomplete (about 4 KB gzipped). The server renders the box whole; in the browser its server HTML
// stays as it is (a plain form that searches /ricerca, its input usable) until the visitor comes to it
// (a pointer over it, a touch, the focus, a key), then its code loads and React hydrates it in place.
// What was typed meanwhile is taken over by the box (search-place-box.tsx). After a navigation inside
// the app, where no server HTML waits, the code loads at once.

/** What starts the box's code loading, when it happens inside the box. */
const WAKE_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'input'] as const;

export interface HydratedOnUse<P> {
  /** The component inside its own Suspense boundary, the same on the server and in the browser. */
  Box: ComponentType<P>;
  /** Starts loading the code now (on the server: at once, when this is created). */
  preload: () => void;
}

/**
 * A component whose code the first screen does not carry (its module reached only through `load`'s
 * dynamic import), hydrated when the visitor first comes to it. Code that fails to load (a deploy
 * replaced it, the network dropped) never arrives: the server's HTML stays as it is.
 */
export function hydrateOnUse<P extends object>(load: () => Promise<ComponentType<P>>): HydratedOnUse<P> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let code: Promise<ComponentType<P>> | undefined;
  /** Marked with React's thenable fields when it settles: `use` then reads it at once (the server's render). */
  const loaded = () => {
    if (code) return code;
    const promise = released.then(load).catch(() => new Promise<never>(() => undefined));
    void promise.then((value) => Object.assign(promise, { status: 'fulfilled', value }));
    code = promise;
    return promise;
  };
  const preload = () => {
    release();
    void loaded();
  };
  if (import.meta.env.SSR) preload();

  function Loaded(props: P) {
    return createElement(use(loaded()), props);
  }
  // Memoised: a boundary that renders again with new props before it hydrated is drawn afresh (its
  // server HTML dropped until the code comes); the page's renders with the same props leave it alone.
  const Box = memo(function HydratedOnUse(props: P) {
    const wrapper = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const element = wrapper.current;
      if (!element) return;
      // No server HTML to keep (rendered after a navigation inside the app: the wrapper is empty),
      // or focused before this ran: no reason to wait.
      if (element.childElementCount === 0 || element.contains(document.activeElement)) {
        preload();
        return;
      }
      // On the window, while capturing: React stops an event meant for a part it has not hydrated yet
      // where it listens (the document), before the box's own elements would see it.
      const wake = (event: Event) => {
        if (!(event.target instanceof Node) || !element.contains(event.target)) return;
        preload();
        stop();
      };
      const stop = () => {
        for (const name of WAKE_EVENTS) window.removeEventListener(name, wake, { capture: true });
      };
      for (const name of WAKE_EVENTS) window.addEventListener(name, wake, { capture: true, passive: true });
      return stop;
    }, []);
    return (
      <div ref={wrapper} className={styles.wrapper}>
        <Suspense fallback={null}>
          <Loaded {...props} />
        </Suspense>
      </div>
    );
  });
  return { Box, preload };
}

/** `SearchPlaceBox`, hydrated on first use: for pages whose first screen is not the box. */
export const { Box: LazySearchPlaceBox, preload: preloadSearchPlaceBox } = hydrateOnUse<SearchPlaceBoxProps>(() =>
  import('./search-place-box').then((module) => module.SearchPlaceBox),
);
