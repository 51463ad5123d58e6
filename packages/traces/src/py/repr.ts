/** Python `str()`, `repr()` and float formatting: one implementation, in @whileai/hash-embed (the embedder prints non-strings with it). */
export { pyFloatRepr, pyNumberStr, pyRepr, pyStr, pyStringRepr, PyTuple } from "@whileai/hash-embed";
