/**
 * `@whileai/hash-embed/internal`: Python's semantics on JavaScript values (truthiness, `str()` and
 * `repr()`, whitespace and case, `int()`, `float()`, `round()`, `json.dumps` / `json.loads`,
 * sorting, iteration), in one home for every whileai package: this package sits at the bottom of
 * their dependency graph, and its own embedder and leakage scan need them.
 *
 * NOT A PUBLIC API. It is exported only so that the whileai packages of the same release can share
 * it; names and behaviour change in any release, with no semver promise. Use the packages' main
 * entries instead.
 */
export { get, has, isDict, isNone, isPyInt, or, pyTypeName, truthy } from "./python/values.js";
export type { Dict } from "./python/values.js";
export { compareStrings, isPySpace, pyCollapse, pyHead, pyLen, pyLower, pySplit, pyStrip } from "./python/text.js";
export { pyFloatRepr, pyNumberStr, pyRepr, pyStr, pyStringRepr, PyTuple } from "./python/repr.js";
export { parsePyFloat, pyFloat, pyFloatStrict, pyNumberStrip } from "./python/number.js";
export { pyInt, pyIntExact, pyIntExactOr } from "./python/int.js";
export { pyRound, pyRoundInt } from "./python/round.js";
export { powHalf } from "./python/pow-half.js";
export { PyJsonError, pyJsonDumps, pyJsonLoads, pyJsonLoadsOr, pyJsonRedump, pyJsonString } from "./python/json.js";
export { readJson } from "./python/json-reader.js";
export type { JsonBuilder } from "./python/json-reader.js";
export { compareKeys, sortedBy, sortedStrings } from "./python/sort.js";
export type { SortKey } from "./python/sort.js";
export { pyItems, pyIter } from "./python/items.js";
export { PY311_DIGITS } from "./python/unicode.js";
