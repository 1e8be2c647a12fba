import { useQuery } from '@tanstack/react-query';
import { LIMITS, type SearchParams } from '@domain/search';
import { useMemo, useState } from 'react';
import { SearchMap, type MapMarker, type MapShape, type MapTool, type MapView } from '@/features/search-map';
import { configQueryOptions } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { Button } from '@/shared/ui/button';
import type { SearchResult } from '../api/search-api';
import { PLACE_KEYS } from '../model/results-route';
import styles from './search-results-page.module.css';

export interface ResultsMapProps {
  params: SearchParams;
  result: SearchResult | undefined;
  selectedId: number | null;
  onSelect(id: number): void;
  onSearch(next: SearchParams): void;
  /** On a phone, where the map hides the list: show the list (a cluster at one address was opened). */
  onShowList?(): void;
  className?: string;
}

/** The search with a new place: the drawn area or circle replaces the town, province ... and the map's view. */
function withPlace(params: SearchParams, place: Partial<SearchParams>): SearchParams {
  const next = { ...params };
  for (const key of PLACE_KEYS) delete next[key];
  delete next.Bounds;
  delete next.Cursor;
  return { ...next, ...place } as SearchParams;
}

/**
 * The map beside the list: the markers of the whole result set, the searched area, the tools
 * to draw an area or a circle, and "Cerca in quest'area" after the visitor moved it.
 */
export function ResultsMap({ params, result, selectedId, onSelect, onSearch, onShowList, className }: ResultsMapProps) {
  const { t } = useTranslation('search');
  const config = useQuery(configQueryOptions());
  const [tool, setTool] = useState<MapTool>('none');
  const [moved, setMoved] = useState<MapView | null>(null);

  const markers = useMemo<MapMarker[]>(
    () =>
      (result?.Markers.Points ?? []).map((p) => ({
        latitude: p.Latitude,
        longitude: p.Longitude,
        count: p.Count,
        propertyId: p.PropertyId,
        price: p.Price,
      })),
    [result],
  );
  const area = result?.Area;
  const shape = useMemo<MapShape | null>(() => {
    if (!area) return null;
    if (area.Polygon && area.Polygon.length >= 3)
      return { kind: 'polygon', points: area.Polygon.map((p) => ({ latitude: p.Latitude, longitude: p.Longitude })) };
    if (area.Center && area.RadiusM)
      return {
        kind: 'circle',
        center: { latitude: area.Center.Latitude, longitude: area.Center.Longitude },
        radiusM: area.RadiusM,
      };
    return null;
  }, [area]);
  const boundsKey = area?.Bounds ? JSON.stringify(area.Bounds) : null;
  const fitBounds = useMemo(() => {
    if (!boundsKey) return null;
    const b = JSON.parse(boundsKey) as { South: number; West: number; North: number; East: number };
    return { south: b.South, west: b.West, north: b.North, east: b.East };
  }, [boundsKey]);

  const done = (drawn: MapShape) => {
    setTool('none');
    setMoved(null);
    if (drawn.kind === 'polygon') onSearch(withPlace(params, { SearchType: 'draw', Polygon: drawn.points }));
    else {
      const radius = Math.round(Math.min(Math.max(drawn.radiusM, LIMITS.radiusMin), LIMITS.radiusMax));
      onSearch(
        withPlace(params, {
          SearchType: 'circle',
          Lat: round6(drawn.center.latitude),
          Lng: round6(drawn.center.longitude),
          Radius: radius,
        }),
      );
    }
  };

  return (
    <div className={cx(styles.mapBox, className)}>
      <div className={styles.mapTools} role="toolbar" aria-label={t('map.toolbar')}>
        <Button
          size="small"
          variant={tool === 'draw' ? 'primary' : 'secondary'}
          aria-pressed={tool === 'draw'}
          onClick={() => setTool(tool === 'draw' ? 'none' : 'draw')}
        >
          {t('map.draw')}
        </Button>
        <Button
          size="small"
          variant={tool === 'circle' ? 'primary' : 'secondary'}
          aria-pressed={tool === 'circle'}
          onClick={() => setTool(tool === 'circle' ? 'none' : 'circle')}
        >
          {t('map.radius')}
        </Button>
      </div>
      {/* While a tool is on, the map's own panel guides the drawing (points, radius, close, cancel). */}
      {tool === 'none' && moved ? (
        <div className={styles.mapSearchHere}>
          <Button
            size="small"
            onClick={() => {
              setMoved(null);
              onSearch({ ...params, Bounds: moved.bounds, Zoom: moved.zoom, Cursor: undefined });
            }}
          >
            {t('map.searchHere')}
          </Button>
        </div>
      ) : null}
      <SearchMap
        className={styles.map}
        ariaLabel={t('map.label')}
        markers={markers}
        shape={shape}
        fitBounds={fitBounds}
        tileUrl={config.data?.TileUrl ?? null}
        pmtilesUrl={config.data?.BasemapPmtilesUrl ?? null}
        selectedId={selectedId}
        tool={tool}
        onToolDone={done}
        onToolCancel={() => setTool('none')}
        onMarkerClick={(marker, { atMaxZoom }) => {
          if (marker.count === 1 && marker.propertyId !== null) onSelect(marker.propertyId);
          else if (marker.count > 1 && atMaxZoom) {
            // Homes at one address: the list of just them (a few metres around the point).
            setMoved(null);
            onSearch({
              ...params,
              Bounds: aroundPoint(marker.latitude, marker.longitude),
              Zoom: LIMITS.zoomMax,
              Cursor: undefined,
            });
            onShowList?.();
          }
        }}
        onViewChange={(view) => {
          if (view.byUser) setMoved(view);
        }}
      />
    </div>
  );
}

/** About 20 m each way around a point: the homes of one address, not the street's. */
const ADDRESS_SPAN_DEG = 0.0002;

function aroundPoint(latitude: number, longitude: number) {
  return {
    south: round6(latitude - ADDRESS_SPAN_DEG),
    west: round6(longitude - ADDRESS_SPAN_DEG),
    north: round6(latitude + ADDRESS_SPAN_DEG),
    east: round6(longitude + ADDRESS_SPAN_DEG),
  };
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
