declare module "virtual:examples" {
  /** Example trace files: path inside examples/ and size in bytes. */
  export const EXAMPLES: { name: string; bytes: number }[];
}
