import { Component, createElement, memo, Suspense, use, type ComponentType, type ReactNode } from 'react';

/** How far below the viewport a section starts loading: its server HTML already shows, this is for its buttons. */
const NEAR_PX = 300;

/**
 * Resolves when the element `anchorId` comes within NEAR_PX of the viewport's bottom or is already
 * above it (the reader jumped past it: End, a link to the footer, a fling), or at once when the page has
 * no such element (a navigation inside the app, where nothing waits to hydrate). An IntersectionObserver
 * sees it come near however the page moves; a scroll that jumps over the element in one frame never makes
 * it intersect, so every scroll also checks where it is.
 */
export function whenNear(anchorId: string): Promise<void> {
  const anchor = typeof document === 'undefined' ? null : document.getElementById(anchorId);
  if (!anchor) return Promise.resolve();
  const reached = () => anchor.getBoundingClientRect().top < window.innerHeight + NEAR_PX;
  if (reached()) return Promise.resolve();
  return new Promise((resolve) => {
    let observer: IntersectionObserver | undefined;
    const done = () => {
      observer?.disconnect();
      window.removeEventListener('scroll', onScroll);
      resolve();
    };
    const onScroll = () => {
      if (reached()) done();
    };
    if (typeof IntersectionObserver !== 'undefined') {
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) done();
        },
        { rootMargin: `${NEAR_PX}px 0px` },
      );
      observer.observe(anchor);
    }
    window.addEventListener('scroll', onScroll, { passive: true });
  });
}

/**
 * The promise, marked with React's own thenable fields when it settles: `use` reads a marked
 * promise at once instead of suspending for a turn (the server's render right after `preload`).
 */
function tracked<T>(promise: Promise<T>): Promise<T> {
  promise.then(
    (value) => Object.assign(promise, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(promise, { status: 'rejected', reason }),
  );
  return promise;
}

function Nothing() {
  return null;
}

/**
 * A section that fails (the data it waits for could not be fetched) leaves itself out, as one
 * whose code failed to load does: the page around it stays.
 */
class LeftOutOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

export interface DeferredSection<P> {
  /**
   * The section, inside its own Suspense boundary (the same on the server and in the browser).
   * Give it props that stay the same while the page lives (ids): new props before its code
   * arrives would replace its server HTML with nothing until then.
   */
  Section: ComponentType<P>;
  /**
   * For the route's loader. On the server it loads the section's code before the page renders;
   * in the browser (a navigation inside the app: loaders do not run while a page hydrates) it
   * starts loading it at once, the wait for the reader lifted.
   */
  preload: () => Promise<void>;
}

/**
 * A section below the fold whose code the first screen does not carry (its module reached only
 * through `load`'s dynamic import). The server renders it whole, its code loaded by `preload`
 * before the page renders. In the browser its server HTML stays as it is, links working, until
 * `anchorId` (an element of that HTML) comes near the viewport or is passed: then its code loads and React
 * hydrates it. After a navigation inside the app it loads at once and shows when ready. Anchor it on the
 * section's outermost element, so that a reader anywhere inside it counts as near.
 */
export function deferredSection<P extends object>(
  anchorId: string,
  load: () => Promise<ComponentType<P>>,
): DeferredSection<P> {
  let code: Promise<ComponentType<P>> | undefined;
  let release: (() => void) | undefined;
  // Code that failed to load (a deploy replaced it, the network dropped) leaves the section out.
  const loadAfter = (ready: () => Promise<void>) =>
    (code ??= tracked(
      ready()
        .then(load)
        .catch((): ComponentType<P> => Nothing),
    ));
  /** In the browser: when the section comes near, or when the app navigates to a page with it. */
  const nearOrReleased = () =>
    new Promise<void>((resolve) => {
      release = resolve;
      void whenNear(anchorId).then(resolve);
    });

  function Loaded(props: P) {
    // The same component every time: the one module the promise loaded.
    return createElement(use(loadAfter(import.meta.env.SSR ? () => Promise.resolve() : nearOrReleased)), props);
  }
  // Memoised: a parent's render with the same props leaves a section still waiting for its
  // code alone. A boundary that is re-rendered before it hydrates is rendered afresh instead,
  // and would show nothing until the code arrives.
  const Section = memo(function Section(props: P) {
    return (
      <LeftOutOnError>
        <Suspense fallback={null}>
          <Loaded {...props} />
        </Suspense>
      </LeftOutOnError>
    );
  });
  const preload = async () => {
    if (import.meta.env.SSR) {
      await loadAfter(() => Promise.resolve());
      return;
    }
    release?.();
    void loadAfter(() => Promise.resolve()).catch(() => undefined);
  };
  return { Section, preload };
}
