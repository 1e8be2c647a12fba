import { createFileRoute } from '@tanstack/react-router';
import { ModerationLayout } from '../../../shell/moderation-layout/moderation-layout';

/** MyRexer's moderation, its two queues as tabs (moderators only: the API answers 403 to anyone else). */
export const Route = createFileRoute('/_authenticated/myrexer/moderazione')({
  component: ModerationLayout,
});
