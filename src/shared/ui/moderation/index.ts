export { ModerationDecision, type ModerationDecisionLabels, type ModerationDecisionProps } from './moderation-decision';
export { default as moderationStyles } from './moderation.module.css';
