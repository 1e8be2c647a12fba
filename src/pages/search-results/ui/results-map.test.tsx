import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LIMITS, parseSearchParams } from '@domain/search';
import type { SearchMapProps } from '@/features/search-map';
import { renderPage, testI18n } from '@/shared/lib/test-utils';
import search from '../../../../locales/it/search.json';
import { ResultsMap } from './results-map';

// The map itself is tested in features/search-map; here only what the page does with a click.
vi.mock('@/features/search-map', () => ({
  SearchMap: (props: SearchMapProps) => (
    <>
      <button
        type="button"
        onClick={() =>
          props.onMarkerClick?.(
            { latitude: 45.4642, longitude: 9.19, count: 3, propertyId: null, price: null },
            { atMaxZoom: true },
          )
        }
      >
        cluster at the last zoom
      </button>
      <button
        type="button"
        onClick={() =>
          props.onMarkerClick?.(
            { latitude: 45.4642, longitude: 9.19, count: 3, propertyId: null, price: null },
            { atMaxZoom: false },
          )
        }
      >
        cluster further out
      </button>
    </>
  ),
}));

const i18n = await testI18n({ search });
const PARAMS = parseSearchParams({ SearchType: 'town', Town: '015146', Type: 'case', PriceMax: '500000' }).params;

describe('ResultsMap', () => {
  it('lists the homes of a cluster at one address (the last zoom): a search of a few metres around it, keeping the filters', async () => {
    const onSearch = vi.fn();
    const onShowList = vi.fn();
    await renderPage(
      () => (
        <ResultsMap
          params={PARAMS}
          result={undefined}
          selectedId={null}
          onSelect={() => undefined}
          onSearch={onSearch}
          onShowList={onShowList}
        />
      ),
      { i18n },
    );
    fireEvent.click(screen.getByRole('button', { name: 'cluster further out' }));
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'cluster at the last zoom' }));
    expect(onSearch).toHaveBeenCalledTimes(1);
    const next = onSearch.mock.calls[0]![0];
    expect(next).toMatchObject({ Town: '015146', PriceMax: 500000, Zoom: LIMITS.zoomMax });
    expect(next.Bounds.south).toBeLessThan(45.4642);
    expect(next.Bounds.north).toBeGreaterThan(45.4642);
    expect(next.Bounds.north - next.Bounds.south).toBeLessThan(0.001);
    expect(next.Bounds.east - next.Bounds.west).toBeLessThan(0.001);
    expect(onShowList).toHaveBeenCalledTimes(1);
  });
});
