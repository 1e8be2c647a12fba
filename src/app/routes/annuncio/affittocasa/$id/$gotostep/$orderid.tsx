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

export const Route = createFileRoute('/annuncio/affittocasa/$id/$gotostep/$orderid')({
  staticData: { homeTypes: ACCEPTS.landlord, defaultHomeType: HOME_TYPE.LANDLORD, header: 'hideSticky' },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  component: WizardStep,
});

/** The layout route (affittocasa.tsx) draws the wizard; its step's URL draws nothing more. */
function WizardStep() {
  return null;
}
