import { addProtocol, Map as MaplibreMap, Marker } from 'maplibre-gl';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n';
import { basemapKind, ensureMaplibreStylesheet, loadBasemapStyle } from '@/shared/lib/maplibre';
import { pinAfterKey, PIN_ZOOM } from '../lib/pin-map';
import type { LatLng } from '../model/location';
import styles from './pin-map.module.css';

export interface PinMapProps {
  /** Where the pin is; the map opens centred on it. */
  pin: LatLng;
  /** The municipality's centre and name, drawn as a label for orientation. */
  town: { name: string; center: LatLng | null };
  onPinChange: (pin: LatLng) => void;
  tileUrl: string | null;
  /** A self-hosted street basemap (BasemapPmtilesUrl of /api/config); without it nor tileUrl, Rexer's drawn basemap. */
  pmtilesUrl?: string | null;
  /** Tells screen-reader users what the pin does and how to move it. */
  pinLabel: string;
  className?: string;
}

/** The maplibre map of the location picker, loaded on demand (ui/pin-map-lazy.tsx). */
export default function PinMap({
  pin,
  town,
  onPinChange,
  tileUrl,
  pmtilesUrl = null,
  pinLabel,
  className,
}: PinMapProps) {
  const { t } = useTranslation('pick-location');
  const containerRef = useRef<HTMLDivElement>(null);
  const markerRef = useRef<Marker | null>(null);
  const mapRef = useRef<MaplibreMap | null>(null);
  const [failed, setFailed] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  const changePin = useEffectEvent((next: LatLng) => onPinChange(next));
  const initial = useEffectEvent(() => ({ pin, town, pinLabel }));
  const ground = basemapKind({ tileUrl, pmtilesUrl });

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
      const start = initial();
      try {
        instance = new MaplibreMap({
          container,
          style,
          center: [start.pin.longitude, start.pin.latitude],
          zoom: PIN_ZOOM,
          dragRotate: false,
          pitchWithRotate: false,
          touchPitch: false,
          attributionControl: { compact: true },
          locale: { 'Map.Title': t('map.title') },
        });
      } catch {
        setFailed(true);
        return;
      }
      instance.touchZoomRotate.disableRotation();
      instance.keyboard.disableRotation();
      instance.on('error', (event) => {
        const source = (event as { sourceId?: string }).sourceId;
        if (source === 'tiles' || source === 'streets') setTilesFailed(true);
      });
      const map = instance;
      mapRef.current = map;

      // The drawn basemap names the town itself, at the same point.
      if (start.town.center && ground !== 'drawn') {
        const label = document.createElement('span');
        label.className = styles.town!;
        label.textContent = start.town.name;
        label.setAttribute('aria-hidden', 'true');
        new Marker({ element: label, anchor: 'center' })
          .setLngLat([start.town.center.longitude, start.town.center.latitude])
          .addTo(map);
      }

      const element = document.createElement('button');
      element.type = 'button';
      element.className = styles.pin!;
      element.setAttribute('aria-label', start.pinLabel);
      element.addEventListener('keydown', (event) => {
        const marker = markerRef.current;
        if (!marker) return;
        const at = marker.getLngLat();
        const next = pinAfterKey({ latitude: at.lat, longitude: at.lng }, event.key, map.getZoom(), event.shiftKey);
        if (!next) return;
        // The map's own keyboard handler would pan the map instead.
        event.preventDefault();
        event.stopPropagation();
        marker.setLngLat([next.longitude, next.latitude]);
        if (!map.getBounds().contains([next.longitude, next.latitude])) map.panTo([next.longitude, next.latitude]);
        changePin(next);
      });
      // A click on the pin itself is not a click on the map.
      element.addEventListener('click', (event) => event.stopPropagation());
      const marker = new Marker({ element, anchor: 'bottom', draggable: true })
        .setLngLat([start.pin.longitude, start.pin.latitude])
        .addTo(map);
      marker.on('dragend', () => {
        const at = marker.getLngLat();
        changePin({ latitude: at.lat, longitude: at.lng });
      });
      markerRef.current = marker;
      // A tap or click on the map puts the pin there: easier than dragging on a phone.
      map.on('click', (event) => {
        marker.setLngLat(event.lngLat);
        changePin({ latitude: event.lngLat.lat, longitude: event.lngLat.lng });
      });
    });
    return () => {
      cancelled = true;
      markerRef.current = null;
      mapRef.current = null;
      instance?.remove();
    };
  }, [tileUrl, pmtilesUrl, ground, t]);

  // A pin moved from outside (back to the centre): the marker follows, and the map if needed.
  useEffect(() => {
    const marker = markerRef.current;
    const map = mapRef.current;
    if (!marker || !map) return;
    const at = marker.getLngLat();
    if (at.lat === pin.latitude && at.lng === pin.longitude) return;
    marker.setLngLat([pin.longitude, pin.latitude]);
    if (!map.getBounds().contains([pin.longitude, pin.latitude])) map.panTo([pin.longitude, pin.latitude]);
  }, [pin]);

  useEffect(() => {
    markerRef.current?.getElement().setAttribute('aria-label', pinLabel);
  }, [pinLabel]);

  return (
    <div className={styles.root + (className ? ` ${className}` : '')}>
      <div ref={containerRef} className={styles.map} data-testid="pin-map" />
      {failed ? (
        <p className={styles.failed} role="status">
          {t('map.unavailable')}
        </p>
      ) : null}
      {!failed && (ground === 'drawn' || tilesFailed) ? (
        <p className={styles.note}>{t(ground === 'drawn' ? 'map.noTiles' : 'map.tilesFailed')}</p>
      ) : null}
    </div>
  );
}
