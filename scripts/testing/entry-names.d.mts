/** An entry's runtime names, sorted. */
export function entryNames(entry: object): string[];
/** The names of `names` that no code block or code span of the Markdown file at `readme` names. */
export function undocumented(readme: URL, names: readonly string[]): string[];
/** `entry` exports exactly `names`; given a README, every one of them is documented there. */
export function expectEntry(entry: object, names: readonly string[], readme?: URL): void;
