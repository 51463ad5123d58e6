/** `_prompt_of(item)` (traces.md §8.1): one implementation, in @whileai/hash-embed, whose exact leakage scan reads it too. */
export { promptOf } from "@whileai/hash-embed";
