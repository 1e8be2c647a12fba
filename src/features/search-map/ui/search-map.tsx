import { DEFAULT_CENTER, DEFAULT_ZOOM, LIMITS, type LatLng } from '@domain/search';
import {
  addProtocol,
  Map as MaplibreMap,
  Marker,
  type GeoJSONSource,
  type MapLayerMouseEvent,
  type MapLayerTouchEvent,
  type MapLibreEvent,
} from 'maplibre-gl';
import { useEffect, useEffectEvent, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { basemapKind, ensureMaplibreStylesheet, loadBasemapStyle } from '@/shared/lib/maplibre';
import { cx } from '@/shared/lib/class-names';
import { declutter } from '../lib/declutter';
import { clusterSize, formatClusterCount, formatMarkerPrice, formatRadius } from '../lib/format';
import { draftFeatures, shapeToFeatures } from '../lib/geojson';
import {
  clampRadius,
  distanceM,
  fromLngLatBounds,
  polygonProblem,
  toLngLatBounds,
  type PolygonProblem,
} from '../lib/geometry';
import type { MapMarker, SearchMapProps } from '../model/types';
import frameStyles from './search-map-frame.module.css';
import styles from './search-map.module.css';

const AREA_COLOR = '#0a6c74';
const DRAFT_COLOR = '#e8572a';
/** Room around fitted bounds for the half of a price tag that sticks out of its point. */
function fitPadding(container: HTMLElement): number {
  return Math.round(Math.min(56, container.clientWidth * 0.12, container.clientHeight * 0.12));
}
const VIEW_DEBOUNCE_MS = 300;
/** How near (px) a click must land to the first point to close a polygon: a fingertip. */
const CLOSE_TOLERANCE_PX = 18;
/** A press that moves less than this (px) is a tap: the circle gets the default radius. */
const TAP_TOLERANCE_PX = 8;

const EMPTY = { type: 'FeatureCollection' as const, features: [] };

interface Draft {
  points: LatLng[];
  center: LatLng | null;
  radiusM: number | null;
  dragPx: number;
}

const newDraft = (): Draft => ({ points: [], center: null, radiusM: null, dragPx: 0 });

/** The maplibre map behind `SearchMap` (index.ts): loaded on demand, in the browser only. */
export default function SearchMapView(props: SearchMapProps) {
  const {
    markers,
    shape,
    fitBounds,
    center,
    zoom,
    tileUrl = null,
    pmtilesUrl = null,
    selectedId = null,
    tool = 'none',
    interactive = true,
    className,
    ariaLabel,
  } = props;
  const { t } = useTranslation('search-map');
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MaplibreMap | null>(null);
  const [failed, setFailed] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [zoomLimits, setZoomLimits] = useState({ atMin: false, atMax: false });
  const markersRef = useRef(new Map<string, { marker: Marker; data: MapMarker }>());
  /** Set before a move the visitor asked for through our own controls (buttons, a cluster). */
  const userMoveRef = useRef(false);
  const fittedRef = useRef<string | null>(null);
  const draftRef = useRef<Draft>(newDraft());
  const [draftCount, setDraftCount] = useState(0);
  const [draftRadius, setDraftRadius] = useState<number | null>(null);
  const [problem, setProblem] = useState<PolygonProblem | null>(null);
  const ground = basemapKind({ tileUrl, pmtilesUrl });
  // A new tool (the page may switch it off mid-drawing) starts with a clean panel.
  const [panelTool, setPanelTool] = useState(tool);
  if (panelTool !== tool) {
    setPanelTool(tool);
    setDraftCount(0);
    setDraftRadius(null);
    setProblem(null);
  }

  const initialView = useEffectEvent(() => ({ fitBounds, center, zoom }));

  // One map per tile setting and interactivity: both are fixed at creation in maplibre.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
    let instance: MaplibreMap | undefined;
    void Promise.all([
      loadBasemapStyle({ origin: window.location.origin, tileUrl, pmtilesUrl }, (name, action) =>
        addProtocol(name, action),
      ).catch(() => null),
      ensureMaplibreStylesheet(),
    ]).then(([style]) => {
      if (cancelled) return;
      if (!style) {
        setFailed(true);
        return;
      }
      const view = initialView();
      const middle = view.center ?? DEFAULT_CENTER;
      try {
        instance = new MaplibreMap({
          container,
          style,
          ...(view.fitBounds
            ? { bounds: toLngLatBounds(view.fitBounds), fitBoundsOptions: { padding: fitPadding(container) } }
            : { center: [middle.longitude, middle.latitude], zoom: view.zoom ?? DEFAULT_ZOOM }),
          minZoom: LIMITS.zoomMin,
          maxZoom: LIMITS.zoomMax,
          interactive,
          dragRotate: false,
          pitchWithRotate: false,
          touchPitch: false,
          // The drawn basemap credits ISTAT's borders, a street basemap OpenStreetMap.
          attributionControl: { compact: true },
        });
      } catch {
        setFailed(true);
        return;
      }
      fittedRef.current = view.fitBounds ? JSON.stringify(view.fitBounds) : null;
      instance.touchZoomRotate.disableRotation();
      instance.keyboard.disableRotation();
      // A listener also keeps maplibre from logging each failed tile.
      instance.on('error', (event) => {
        const source = (event as { sourceId?: string }).sourceId;
        if (source === 'tiles' || source === 'streets') setTilesFailed(true);
      });
      const ready = instance;
      ready.once('load', () => {
        ready.addSource('search-area', { type: 'geojson', data: EMPTY });
        ready.addLayer({
          id: 'search-area-fill',
          type: 'fill',
          source: 'search-area',
          paint: { 'fill-color': AREA_COLOR, 'fill-opacity': 0.08 },
        });
        ready.addLayer({
          id: 'search-area-line',
          type: 'line',
          source: 'search-area',
          paint: { 'line-color': AREA_COLOR, 'line-width': 2 },
        });
        ready.addSource('draft', { type: 'geojson', data: EMPTY });
        ready.addLayer({
          id: 'draft-fill',
          type: 'fill',
          source: 'draft',
          filter: ['==', ['geometry-type'], 'Polygon'],
          paint: { 'fill-color': DRAFT_COLOR, 'fill-opacity': 0.12 },
        });
        ready.addLayer({
          id: 'draft-line',
          type: 'line',
          source: 'draft',
          filter: ['!=', ['geometry-type'], 'Point'],
          paint: { 'line-color': DRAFT_COLOR, 'line-width': 2, 'line-dasharray': [2, 1] },
        });
        ready.addLayer({
          id: 'draft-points',
          type: 'circle',
          source: 'draft',
          filter: ['==', ['geometry-type'], 'Point'],
          paint: {
            'circle-radius': ['case', ['get', 'first'], 7, 5],
            'circle-color': '#fff',
            'circle-stroke-color': DRAFT_COLOR,
            'circle-stroke-width': 2,
          },
        });
        setMap(ready);
      });
    });
    const markersOnMap = markersRef.current;
    return () => {
      cancelled = true;
      markersOnMap.clear();
      instance?.remove();
      setMap(null);
      setTilesFailed(false);
    };
  }, [tileUrl, pmtilesUrl, interactive]);

  // The canvas is the focusable map (arrow keys pan, +/- zoom): it carries the name. A still
  // map is one picture, named on its box.
  useEffect(() => {
    const canvas = map?.getCanvas();
    if (!canvas) return;
    if (interactive) {
      canvas.setAttribute('aria-label', ariaLabel);
    } else {
      canvas.removeAttribute('aria-label');
      canvas.removeAttribute('role');
    }
  }, [map, ariaLabel, interactive]);

  // The searched area.
  useEffect(() => {
    map?.getSource<GeoJSONSource>('search-area')?.setData(shapeToFeatures(shape));
  }, [map, shape]);

  // A new fitBounds moves the map (the same bounds in a new object do not).
  const fitKey = fitBounds ? JSON.stringify(fitBounds) : null;
  useEffect(() => {
    if (!map || !fitKey || fitKey === fittedRef.current) return;
    fittedRef.current = fitKey;
    map.fitBounds(toLngLatBounds(JSON.parse(fitKey)), { padding: fitPadding(map.getContainer()), duration: 400 });
  }, [map, fitKey]);

  const centerKey = !fitBounds && center ? `${center.latitude},${center.longitude},${zoom ?? ''}` : null;
  useEffect(() => {
    if (!map || !centerKey) return;
    const [latitude, longitude, z] = centerKey.split(',');
    map.jumpTo({ center: [Number(longitude), Number(latitude)], ...(z ? { zoom: Number(z) } : {}) });
  }, [map, centerKey]);

  const activateMarker = useEffectEvent((data: MapMarker) => {
    // At the last zoom a cluster no longer splits (several homes at one address): the page lists them instead.
    const atMaxZoom = map ? map.getZoom() >= Math.min(map.getMaxZoom(), LIMITS.zoomMax) - 0.01 : false;
    if (map && data.count > 1 && !atMaxZoom) {
      userMoveRef.current = true;
      map.easeTo({ center: [data.longitude, data.latitude], zoom: Math.min(map.getZoom() + 2, LIMITS.zoomMax) });
    }
    props.onMarkerClick?.(data, { atMaxZoom });
  });

  const describeMarker = useEffectEvent((data: MapMarker) => markerLabel(data, t));

  // The zoom the markers were last laid out for: a zoom between two answers lays them out again.
  const [layoutZoom, setLayoutZoom] = useState<number | null>(null);
  useEffect(() => {
    if (!map) return;
    const onZoomEnd = () => setLayoutZoom(map.getZoom());
    map.on('zoomend', onZoomEnd);
    return () => {
      map.off('zoomend', onZoomEnd);
    };
  }, [map]);

  // Markers: kept when unchanged, so a new answer with the same points does not flicker;
  // those that would cover each other at this zoom are drawn as one cluster.
  useEffect(() => {
    if (!map) return;
    const onMap = markersRef.current;
    const laidOut = declutter(markers, (m) => map.project([m.longitude, m.latitude]));
    const wanted = new Map(laidOut.map((m) => [markerKey(m), m]));
    for (const [key, entry] of onMap) {
      if (!wanted.has(key)) {
        entry.marker.remove();
        onMap.delete(key);
      }
    }
    for (const [key, data] of wanted) {
      if (onMap.has(key)) continue;
      const element = markerElement(data, describeMarker(data), interactive);
      element.addEventListener('click', (event) => {
        event.stopPropagation();
        activateMarker(data);
      });
      const marker = new Marker({ element, anchor: data.count > 1 ? 'center' : 'bottom' })
        .setLngLat([data.longitude, data.latitude])
        .addTo(map);
      onMap.set(key, { marker, data });
    }
  }, [map, markers, interactive, layoutZoom]);

  // The highlighted listing, raised above its neighbours.
  useEffect(() => {
    if (!map) return;
    for (const { marker, data } of markersRef.current.values()) {
      const selected = selectedId != null && data.propertyId === selectedId;
      const element = marker.getElement();
      element.classList.toggle(styles.selected!, selected);
      element.style.zIndex = selected ? '2' : '';
    }
  }, [map, markers, selectedId]);

  const emitView = useEffectEvent((byUser: boolean) => {
    if (!map) return;
    setZoomLimits({ atMin: map.getZoom() <= map.getMinZoom() + 0.01, atMax: map.getZoom() >= map.getMaxZoom() - 0.01 });
    const z = Math.min(LIMITS.zoomMax, Math.max(LIMITS.zoomMin, Math.round(map.getZoom())));
    props.onViewChange?.({ bounds: fromLngLatBounds(map.getBounds()), zoom: z, byUser });
  });

  useEffect(() => {
    if (!map) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let byUser = false;
    const onMoveEnd = (event: MapLibreEvent<unknown>) => {
      byUser ||= Boolean(event.originalEvent) || userMoveRef.current;
      userMoveRef.current = false;
      clearTimeout(timer);
      timer = setTimeout(() => {
        emitView(byUser);
        byUser = false;
      }, VIEW_DEBOUNCE_MS);
    };
    map.on('moveend', onMoveEnd);
    // The first view too (the page may want its zoom for the clusters), once the map has settled.
    const first = setTimeout(() => emitView(false), 0);
    return () => {
      clearTimeout(first);
      clearTimeout(timer);
      map.off('moveend', onMoveEnd);
    };
  }, [map]);

  function paintDraft(pointer: LatLng | null = null) {
    const source = map?.getSource<GeoJSONSource>('draft');
    if (!source) return;
    const draft = draftRef.current;
    if (draft.center && draft.radiusM)
      source.setData(shapeToFeatures({ kind: 'circle', center: draft.center, radiusM: draft.radiusM }));
    else source.setData(draftFeatures(draft.points, pointer));
  }

  function clearDraft() {
    draftRef.current = newDraft();
    setDraftCount(0);
    setDraftRadius(null);
    paintDraft();
  }

  function finishPolygon() {
    const points = draftRef.current.points;
    const found = polygonProblem(points);
    setProblem(found);
    if (found === 'too-few-points') return;
    clearDraft();
    if (found) return;
    props.onToolDone?.({ kind: 'polygon', points });
  }

  function finishCircle() {
    const { center: middle, radiusM, dragPx } = draftRef.current;
    clearDraft();
    if (!middle) return;
    const radius = dragPx < TAP_TOLERANCE_PX || !radiusM ? LIMITS.radiusDefault : clampRadius(radiusM);
    props.onToolDone?.({ kind: 'circle', center: middle, radiusM: radius });
  }

  function cancelTool() {
    clearDraft();
    setProblem(null);
    props.onToolCancel?.();
  }

  function undoPoint() {
    draftRef.current.points.pop();
    setDraftCount(draftRef.current.points.length);
    paintDraft();
  }

  const onDrawClick = useEffectEvent((event: MapLayerMouseEvent) => {
    if (!map) return;
    const draft = draftRef.current;
    const first = draft.points[0];
    const last = draft.points.at(-1);
    const near = (p: LatLng, tolerance: number) =>
      map.project([p.longitude, p.latitude]).dist(event.point) <= tolerance;
    if (first && draft.points.length >= LIMITS.polygonMinPoints && near(first, CLOSE_TOLERANCE_PX))
      return finishPolygon();
    // The second click of a double-click lands on the point the first one set.
    if (last && near(last, 3)) return;
    setProblem(null);
    draft.points.push({ latitude: event.lngLat.lat, longitude: event.lngLat.lng });
    setDraftCount(draft.points.length);
    if (draft.points.length >= LIMITS.polygonMaxPoints) return finishPolygon();
    paintDraft();
  });

  const onDrawDoubleClick = useEffectEvent((event: MapLayerMouseEvent) => {
    event.preventDefault();
    finishPolygon();
  });

  const onDrawPointer = useEffectEvent((event: MapLayerMouseEvent) => {
    if (draftRef.current.points.length > 0) paintDraft({ latitude: event.lngLat.lat, longitude: event.lngLat.lng });
  });

  const onCircleStart = useEffectEvent((event: MapLayerMouseEvent | MapLayerTouchEvent) => {
    if ('points' in event && event.points.length > 1) return;
    if (event.originalEvent.cancelable) event.originalEvent.preventDefault();
    setProblem(null);
    draftRef.current = {
      points: [],
      center: { latitude: event.lngLat.lat, longitude: event.lngLat.lng },
      radiusM: null,
      dragPx: 0,
    };
  });

  const onCircleMove = useEffectEvent((event: MapLayerMouseEvent | MapLayerTouchEvent) => {
    const draft = draftRef.current;
    if (!map || !draft.center) return;
    if (event.originalEvent.cancelable) event.originalEvent.preventDefault();
    draft.dragPx = map.project([draft.center.longitude, draft.center.latitude]).dist(event.point);
    draft.radiusM = clampRadius(distanceM(draft.center, { latitude: event.lngLat.lat, longitude: event.lngLat.lng }));
    setDraftRadius(draft.radiusM);
    paintDraft();
  });

  const onCircleEnd = useEffectEvent(() => {
    if (draftRef.current.center) finishCircle();
  });

  const resetTool = useEffectEvent(() => {
    draftRef.current = newDraft();
    map?.getSource<GeoJSONSource>('draft')?.setData(EMPTY);
  });

  // The drawing tools: the map's own double-click zoom (and, for the circle, its drag) step aside.
  useEffect(() => {
    if (!map || !interactive || tool === 'none') return;
    const canvas = map.getCanvasContainer();
    canvas.classList.add(styles.drawing!);
    map.doubleClickZoom.disable();
    if (tool === 'draw') {
      map.on('click', onDrawClick);
      map.on('dblclick', onDrawDoubleClick);
      map.on('mousemove', onDrawPointer);
    } else {
      map.dragPan.disable();
      map.on('mousedown', onCircleStart);
      map.on('touchstart', onCircleStart);
      map.on('mousemove', onCircleMove);
      map.on('touchmove', onCircleMove);
      map.on('mouseup', onCircleEnd);
      map.on('touchend', onCircleEnd);
    }
    return () => {
      canvas.classList.remove(styles.drawing!);
      map.doubleClickZoom.enable();
      map.dragPan.enable();
      for (const [type, listener] of [
        ['click', onDrawClick],
        ['dblclick', onDrawDoubleClick],
        ['mousemove', onDrawPointer],
        ['mousedown', onCircleStart],
        ['touchstart', onCircleStart],
        ['mousemove', onCircleMove],
        ['touchmove', onCircleMove],
        ['mouseup', onCircleEnd],
        ['touchend', onCircleEnd],
      ] as const) {
        map.off(type, listener as never);
      }
      resetTool();
    };
  }, [map, tool, interactive]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (tool === 'none') return;
    if (event.key === 'Escape') {
      event.preventDefault();
      cancelTool();
    } else if (tool === 'draw' && event.key === 'Enter') {
      event.preventDefault();
      finishPolygon();
    } else if (tool === 'draw' && event.key === 'Backspace') {
      event.preventDefault();
      undoPoint();
    }
  }

  function zoomBy(delta: 1 | -1) {
    if (!map) return;
    userMoveRef.current = true;
    if (delta > 0) map.zoomIn();
    else map.zoomOut();
  }

  const drawing = interactive && tool !== 'none';
  return (
    <div
      className={cx(frameStyles.frame, styles.root, className)}
      data-basemap={ground}
      onKeyDown={onKeyDown}
      // A figure, not an img: an img's content is presentational, and the map's attribution
      // button inside it would be a control nobody can reach (axe: nested-interactive).
      role={interactive ? undefined : 'figure'}
      aria-label={interactive ? undefined : ariaLabel}
    >
      <div ref={containerRef} className={styles.map} />
      {failed ? (
        <p className={frameStyles.message} role="status">
          {t('unavailable')}
        </p>
      ) : null}
      {interactive && map ? (
        <div className={styles.controls} role="group" aria-label={t('controls')}>
          <button
            type="button"
            className={styles.zoomButton}
            aria-label={t('zoomIn')}
            title={t('zoomIn')}
            disabled={zoomLimits.atMax}
            onClick={() => zoomBy(1)}
          >
            <span aria-hidden="true">+</span>
          </button>
          <button
            type="button"
            className={styles.zoomButton}
            aria-label={t('zoomOut')}
            title={t('zoomOut')}
            disabled={zoomLimits.atMin}
            onClick={() => zoomBy(-1)}
          >
            <span aria-hidden="true">−</span>
          </button>
        </div>
      ) : null}
      {drawing ? (
        <div
          className={styles.toolPanel}
          role="group"
          aria-label={tool === 'draw' ? t('draw.finish') : t('circle.help')}
        >
          <p className={styles.toolHelp} aria-live="polite">
            {tool === 'draw' ? t('draw.help') : t('circle.help')}
            {tool === 'draw' && draftCount > 0 ? <strong> {t('draw.points', { count: draftCount })}</strong> : null}
            {tool === 'circle' && draftRadius ? (
              <strong> {t('circle.radius', { radius: formatRadius(draftRadius) })}</strong>
            ) : null}
          </p>
          {problem ? (
            <p className={styles.toolProblem} role="alert">
              {problem === 'self-intersecting'
                ? t('draw.selfIntersecting')
                : problem === 'too-few-points'
                  ? t('draw.tooFewPoints')
                  : null}
            </p>
          ) : null}
          <div className={styles.toolActions}>
            {tool === 'draw' ? (
              <>
                <button type="button" className={styles.toolButton} onClick={undoPoint} disabled={draftCount === 0}>
                  {t('draw.undo')}
                </button>
                <button
                  type="button"
                  className={cx(styles.toolButton, styles.primary)}
                  onClick={finishPolygon}
                  disabled={draftCount < LIMITS.polygonMinPoints}
                >
                  {t('draw.finish')}
                </button>
              </>
            ) : null}
            <button type="button" className={styles.toolButton} onClick={cancelTool}>
              {t('draw.cancel')}
            </button>
          </div>
        </div>
      ) : null}
      {ground === 'drawn' && !failed && !drawing ? <p className={styles.note}>{t('noTiles')}</p> : null}
      {ground !== 'drawn' && tilesFailed ? <p className={styles.note}>{t('tilesFailed')}</p> : null}
    </div>
  );
}

function markerKey(m: MapMarker): string {
  return `${m.propertyId ?? 'c'}:${m.latitude},${m.longitude}:${m.count}:${m.price ?? ''}`;
}

function markerLabel(m: MapMarker, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (m.count > 1) return t('marker.cluster', { count: m.count, formatted: formatClusterCount(m.count) });
  const price = formatMarkerPrice(m.price);
  return price ? t('marker.listing', { price }) : t('marker.listingNoPrice');
}

/**
 * A marker is a real button: a price tag for a listing, a round bubble with the count for a
 * cluster. On a still map it is part of the picture: no button, nothing to focus.
 */
function markerElement(m: MapMarker, label: string, interactive: boolean): HTMLElement {
  const element = document.createElement(interactive ? 'button' : 'span');
  if (element instanceof HTMLButtonElement) {
    element.type = 'button';
    element.setAttribute('aria-label', label);
  }
  if (m.count > 1) {
    element.className = cx(styles.cluster, styles[clusterSize(m.count)]);
    element.textContent = formatClusterCount(m.count);
  } else {
    const price = formatMarkerPrice(m.price);
    element.className = cx(styles.listing, !price && styles.noPrice);
    element.textContent = price ?? '';
  }
  return element;
}
