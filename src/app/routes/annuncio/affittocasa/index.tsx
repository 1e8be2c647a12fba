import { createFileRoute } from '@tanstack/react-router';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../../config/route-static-data';

export const Route = createFileRoute('/annuncio/affittocasa/')({
  staticData: { homeTypes: ACCEPTS.landlord, defaultHomeType: HOME_TYPE.LANDLORD, header: 'hideSticky' },
  component: WizardStep,
});

/** The layout route (affittocasa.tsx) draws the wizard; its step's URL draws nothing more. */
function WizardStep() {
  return null;
}
