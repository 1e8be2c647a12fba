import { createFileRoute } from '@tanstack/react-router';
import { UnavailablePage } from '@/pages/unavailable';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../../../../config/route-static-data';
import { numericIdSchema, paramsShape, requireParams } from '../../../../../lib/route-params';

const paramsSchema = paramsShape({ id: numericIdSchema });

export const Route = createFileRoute('/_authenticated/myrexer/annuncio/$id/')({
  staticData: { homeTypes: ACCEPTS.owners, defaultHomeType: HOME_TYPE.SELLER, requiresLogin: true },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  component: RouteComponent,
});

function RouteComponent() {
  return <UnavailablePage area="myrexer" />;
}
