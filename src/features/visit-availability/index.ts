export { VisitAvailabilityEditor, type VisitAvailabilityEditorProps } from './ui/visit-availability-editor';
