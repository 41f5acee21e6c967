import { FileLimits } from '@latchkey/contracts';

/** The `min` and `max` of a file's minimum level input (upload and edit). */
export const MIN_LEVEL_RANGE = { min: FileLimits.minLevelMin, max: FileLimits.minLevelMax } as const;
