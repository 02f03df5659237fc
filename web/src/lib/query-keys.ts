/**
 * Query keys that more than one feature uses: the admin refreshes the public lists after
 * its changes. Keys used by one feature stay in that feature.
 */
export const publicQueryKeys = {
  /** GET /api/3d-models, shown in the showroom. */
  models: ['3d-models', 'public'] as const,
};
