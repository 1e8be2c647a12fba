import { createFileRoute } from '@tanstack/react-router';
import { UnavailablePage } from '@/pages/unavailable';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../../../config/route-static-data';
import { paramsShape, requireParams, segmentSchema } from '../../../../lib/route-params';

const paramsSchema = paramsShape({ type: segmentSchema });

export const Route = createFileRoute('/_authenticated/myrexer/annunci/$type')({
  staticData: { homeTypes: ACCEPTS.owners, defaultHomeType: HOME_TYPE.SELLER, requiresLogin: true },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  component: RouteComponent,
});

function RouteComponent() {
  return <UnavailablePage area="myrexer" />;
}
