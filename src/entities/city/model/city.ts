import type { paths } from '@/shared/api';

/** A city of GET /api/Home/Cities, with its listing counts. */
export type HomeCity = paths['/api/Home/Cities']['get']['responses'][200]['content']['application/json'][number];
