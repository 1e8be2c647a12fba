import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { SearchMap } from '@/features/search-map';
import { configQueryOptions } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { detailLayout } from '@/shared/ui/detail-layout';

/** The circle drawn instead of the point when the address is hidden (the API rounds it to ~100 m). */
const APPROXIMATE_RADIUS_M = 400;

/**
 * The small map of the listing's position: the map's code loads only when the box comes near
 * the screen (and never on the server), in a box of fixed height, so nothing moves.
 */
export function LocationMap({
  id,
  latitude,
  longitude,
  price,
  addressHidden,
  place,
}: {
  id: number;
  latitude: number;
  longitude: number;
  price: number | null;
  addressHidden: boolean;
  place: string;
}) {
  const { t } = useTranslation('property');
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const config = useQuery(configQueryOptions());

  useEffect(() => {
    const element = box.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  const center = { latitude, longitude };
  return (
    <section className={detailLayout.section} aria-labelledby="property-map">
      <h2 id="property-map" className={detailLayout.sectionTitle}>
        {t('map.title')}
      </h2>
      <p className={detailLayout.place}>{place}</p>
      <div ref={box} className={detailLayout.map} data-testid="property-map">
        {near ? (
          <SearchMap
            className={detailLayout.mapInner}
            ariaLabel={t('map.label')}
            markers={addressHidden ? [] : [{ latitude, longitude, count: 1, propertyId: id, price }]}
            shape={addressHidden ? { kind: 'circle', center, radiusM: APPROXIMATE_RADIUS_M } : null}
            center={center}
            zoom={addressHidden ? 14 : 15}
            tileUrl={config.data?.TileUrl ?? null}
            pmtilesUrl={config.data?.BasemapPmtilesUrl ?? null}
            interactive={false}
          />
        ) : null}
      </div>
      {addressHidden ? <p className={detailLayout.note}>{t('map.approximate')}</p> : null}
    </section>
  );
}
