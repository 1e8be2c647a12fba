import { createFileRoute } from '@tanstack/react-router';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../../../../config/route-static-data';
import {
  numericIdSchema,
  recordIdSchema,
  paramsShape,
  requireParams,
  segmentSchema,
} from '../../../../../lib/route-params';

const paramsSchema = paramsShape({ id: recordIdSchema, gotostep: numericIdSchema, orderid: segmentSchema });

/** The sale path lists both seller and landlord for edit-by-id (spec). */
export const Route = createFileRoute('/annuncio/vendocasa/$id/$gotostep/$orderid')({
  staticData: { homeTypes: ACCEPTS.owners, defaultHomeType: HOME_TYPE.SELLER, header: 'hideSticky' },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  component: WizardStep,
});

/** The layout route (vendocasa.tsx) draws the wizard; its step's URL draws nothing more. */
function WizardStep() {
  return null;
}
