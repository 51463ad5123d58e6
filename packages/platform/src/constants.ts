/** The platform constants of `whileai/simulations/defaults.py` (platform-and-otel.md §2). */

/** Default timeout of every platform request, in seconds. */
export const PLATFORM_REQUEST_TIMEOUT_S = 120;
/** Timeout of a studio import upload, in seconds. */
export const PLATFORM_UPLOAD_TIMEOUT_S = 300;
/** Floor of a presigned PUT's timeout, in seconds. */
export const PLATFORM_PUT_TIMEOUT_S = 120;
/** Seconds a presigned PUT is given per megabyte (1,000,000 bytes). */
export const PLATFORM_PUT_S_PER_MB = 4;
/** Default lifetime of a delegated credential, in seconds. */
export const PLATFORM_CREDENTIAL_TTL_S = 3600;
/** How much of an error reply's body a `PlatformError` keeps, in characters. */
export const PLATFORM_ERROR_DETAIL_CHARS = 400;
/** Most rows a studio import takes. */
export const PLATFORM_STUDIO_MAX_ROWS = 20_000;
/** How long `hfPublish` waits, in seconds. */
export const PLATFORM_HF_DATASET_TIMEOUT_S = 600.0;
/** How long `hfPublishRun` waits, in seconds. */
export const PLATFORM_HF_MODEL_TIMEOUT_S = 900.0;
/** Poll interval of `hfPublish`, in seconds. */
export const PLATFORM_HF_POLL_S = 2.5;
/** Poll interval of `hfPublishRun`, in seconds. */
export const PLATFORM_HF_MODEL_POLL_S = 3.0;
/** Poll interval of `importHf`, in seconds. */
export const PLATFORM_IMPORT_POLL_S = 3.0;
/** How long `importHf` waits, in seconds. */
export const PLATFORM_IMPORT_TIMEOUT_S = 900.0;
/** Default `maxRows` of `importHf`. */
export const PLATFORM_IMPORT_MAX_ROWS = 100_000;
/** Page size when `purgeAgent` lists an agent's traces. */
export const PLATFORM_TRACE_PAGE_SIZE = 200;
/** The gain a holdout should be able to prove (Python's `PROVE_EFFECT`). */
export const PLATFORM_HOLDOUT_PROVE_EFFECT = 0.05;
/** How many unknown trace ids a `sendScore` error names. */
export const PLATFORM_UNKNOWN_IDS_SHOWN = 3;
/** Leading sha256 hex digits of a task key that place it in or out of the holdout. */
export const HOLDOUT_BUCKET_HEX_CHARS = 8;
/** How many bad rows a schema error lists. */
export const MESSAGE_EXAMPLES = 5;

/** Dataset purposes the platform accepts. */
export const PURPOSES = ["train", "holdout", "eval"] as const;
/** Dataset modes the platform accepts. */
export const MODES = ["explore", "sft", "rl", "adaptive"] as const;
