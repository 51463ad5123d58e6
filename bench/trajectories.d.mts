/** Types of trajectories.mjs, for the platform server's scale and fault tests, which use the same rows. */
export declare function trajectoryRow(i: number): Record<string, unknown>;
export declare function trajectoryRows(n: number): Record<string, unknown>[];
