import { createFileRoute } from '@tanstack/react-router';
import { UnavailablePage } from '@/pages/unavailable';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../config/route-static-data';

/** SEO search pages (/trovacase/{...slug}): map results, delivered with search. */
export const Route = createFileRoute('/trovacase/$')({
  staticData: { homeTypes: ACCEPTS.seekers, defaultHomeType: HOME_TYPE.BUYER, footerSeo: 'expanded' },
  component: RouteComponent,
});

function RouteComponent() {
  return <UnavailablePage area="results" />;
}
