import { z } from 'zod';

/** Application stages (docs/product.md, "Application stages"). 8 is "Other": the application was cancelled. */
export const STAGES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export const stageSchema = z.literal(STAGES);
export type Stage = (typeof STAGES)[number];
export const CANCELLED_STAGE: Stage = 8;
// The stages each site shows in its legend and filters are in its capabilities (site-capabilities.ts).

/** In-progress stages ("nb" filter): neither completed (7) nor cancelled (8). */
export const IN_PROGRESS_STAGES: readonly Stage[] = [1, 2, 3, 4, 5, 6];

/** Stage filter types: nb in progress, all, select (custom list, enables the stage options). */
export const STAGE_FILTERS = ['nb', 'all', 'select'] as const;
export const stageFilterSchema = z.enum(STAGE_FILTERS);
export type StageFilter = z.infer<typeof stageFilterSchema>;
