import { createFileRoute } from '@tanstack/react-router';
import { ACCEPTS } from '../../../config/route-static-data';
import { ModerationLayout } from '../../../shell/moderation-layout/moderation-layout';

/** MyRexer's moderation, its two queues as tabs (moderators only: the API answers 403 to anyone else). */
export const Route = createFileRoute('/_authenticated/myrexer/moderazione')({
  staticData: { homeTypes: ACCEPTS.all, requiresLogin: true },
  component: ModerationLayout,
});
