import { describe, expect, it } from 'vitest';
import { staticGraph } from '@/shared/lib/test-utils/static-graph';

describe("the property page's first screen", () => {
  it('reaches the details below the description, the similar listings and the full-screen gallery only through dynamic imports', () => {
    const graph = staticGraph('src/app/routes/immobile/$id.tsx');
    expect(graph).toContain('src/pages/property/ui/property-page.tsx');
    expect(graph).toContain('src/pages/property/ui/deferred-sections.tsx');
    expect(
      graph.filter((file) =>
        /property\/ui\/(property-details|similar-listings|energy-label|running-costs|location-map)\.tsx$|photo-gallery\/full-screen-view\.tsx$/.test(
          file,
        ),
      ),
    ).toEqual([]);
  });

  it('loads the visit, booking and message dialogs only when they first open', () => {
    const graph = staticGraph('src/app/routes/immobile/$id.tsx');
    expect(graph).toContain('src/features/book-visit/ui/book-visit.tsx');
    expect(graph.filter((file) => /(visit-dialog|book-visit-dialog|write-to-owner-dialog)\.tsx$/.test(file))).toEqual(
      [],
    );
  });
});
