import { setWorkerUrl } from 'maplibre-gl';
// The worker and the stylesheet as files of the build, fetched when a map is first drawn:
// maplibre's own guess (beside its module) is wrong once bundled, and its stylesheet
// (10 KB gzipped) stays out of the one stylesheet every page loads. Only the maps' own
// modules (loaded on demand) import this file, so none of it reaches a first screen.
import stylesheetUrl from 'maplibre-gl/dist/maplibre-gl.css?url';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

setWorkerUrl(workerUrl);

let stylesheet: Promise<void> | undefined;

/**
 * maplibre's stylesheet, linked once for every map of the page (the CSP allows stylesheets from
 * this origin, not injected <style>). Resolves either way: without it only maplibre's controls
 * would look wrong.
 */
export function ensureMaplibreStylesheet(): Promise<void> {
  stylesheet ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheetUrl;
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => resolve());
    document.head.append(link);
  });
  return stylesheet;
}
