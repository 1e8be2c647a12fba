export { deferredSection, whenNear, type DeferredSection } from './deferred-section';
