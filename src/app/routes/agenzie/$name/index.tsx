import { createFileRoute } from '@tanstack/react-router';
import { UnavailablePage } from '@/pages/unavailable';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../../config/route-static-data';
import { paramsShape, requireParams, segmentSchema } from '../../../lib/route-params';

const paramsSchema = paramsShape({ name: segmentSchema });

export const Route = createFileRoute('/agenzie/$name/')({
  staticData: { homeTypes: ACCEPTS.sellerBuyer, defaultHomeType: HOME_TYPE.BUYER },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  component: RouteComponent,
});

function RouteComponent() {
  return <UnavailablePage area="agencyDetail" />;
}
