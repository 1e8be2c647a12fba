import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { SearchMap } from '@/features/search-map';
import { configQueryOptions } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { detailLayout } from '@/shared/ui/detail-layout';

/**
 * The agency's pin on a small read-only map. The map's code loads only when the box comes near
 * the screen (never on the server, never in the first screen), in a box of fixed height.
 */
export function AgencyMap({ name, latitude, longitude }: { name: string; latitude: number; longitude: number }) {
  const { t } = useTranslation('agency-page');
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const config = useQuery({ ...configQueryOptions(), enabled: near });

  useEffect(() => {
    const element = box.current;
    if (!element || near || typeof IntersectionObserver === 'undefined') return;
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
    <div ref={box} className={detailLayout.map} data-testid="agency-map">
      {near ? (
        <SearchMap
          className={detailLayout.mapInner}
          ariaLabel={t('map.label', { name })}
          markers={[{ latitude, longitude, count: 1, propertyId: null, price: null }]}
          shape={null}
          center={center}
          zoom={15}
          tileUrl={config.data?.TileUrl ?? null}
          pmtilesUrl={config.data?.BasemapPmtilesUrl ?? null}
          interactive={false}
        />
      ) : null}
    </div>
  );
}
