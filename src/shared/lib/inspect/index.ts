export { inspectOptions, inspectionAllowed, type InspectOptions } from './inspect';
