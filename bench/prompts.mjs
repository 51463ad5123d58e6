// Deterministic prompt corpora for the leakage benchmarks: task prompts of about 20 words drawn
// from a Zipf-distributed vocabulary (English function words at the head, 6,000 domain words in
// the tail, order numbers), so token repetition and similarity look like real agent prompts.
// Generated sets hold a few near and exact copies of held-out prompts, as a leaky set would.
import { createRandom } from "../examples/generator/random.mjs";

const HEAD = "the to my a and i is for of on it in please can you order with me was not this have account what how".split(" ");
const SYLLABLES = "ka lo mi ser tan vel dor quin bra pel sto rin gu fa tem nor vis cal pre ment ship fund bil acc lo".split(" ");

function vocabulary() {
  const rnd = createRandom(7);
  const words = new Set(HEAD);
  while (words.size < HEAD.length + 6000) {
    words.add(Array.from({ length: rnd.int(2, 4) }, () => rnd.pick(SYLLABLES)).join(""));
  }
  return [...words];
}

const VOCAB = vocabulary();
// Zipf weights (s = 1.05) as a cumulative table, sampled by binary search.
const CUMULATIVE = (() => {
  const out = new Float64Array(VOCAB.length);
  let sum = 0;
  for (let i = 0; i < VOCAB.length; i++) out[i] = sum += 1 / (i + 1) ** 1.05;
  return out.map((x) => x / sum);
})();

function zipfWord(rnd) {
  const x = rnd.next();
  let lo = 0;
  let hi = CUMULATIVE.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (CUMULATIVE[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return VOCAB[lo];
}

/** One prompt of `words` words (about 20 by default). */
export function prompt(rnd, words = rnd.int(14, 26)) {
  const out = [];
  for (let i = 0; i < words; i++) out.push(rnd.chance(0.04) ? `#${rnd.int(1000, 99999)}` : zipfWord(rnd));
  return out.join(" ");
}

/** `n` held-out prompts. */
export function sourcePrompts(n, seed = 11) {
  const rnd = createRandom(seed);
  return Array.from({ length: n }, () => prompt(rnd));
}

/** `n` generated prompts against `sources`: 1% near copies (a word or two changed), 0.5% exact copies up to case and spacing. */
export function generatedPrompts(n, sources, seed = 23) {
  const rnd = createRandom(seed);
  return Array.from({ length: n }, () => {
    const roll = rnd.next();
    if (roll < 0.005) return rnd.pick(sources).toUpperCase().replace(/ /g, "  ");
    if (roll < 0.015) {
      const words = rnd.pick(sources).split(" ");
      for (let k = rnd.int(1, 2); k > 0; k--) words[rnd.int(0, words.length - 1)] = zipfWord(rnd);
      return words.join(" ");
    }
    return prompt(rnd);
  });
}

/** Exactly 20-word prompts, for the embedding target. */
export function twentyWordPrompts(n, seed = 31) {
  const rnd = createRandom(seed);
  return Array.from({ length: n }, () => prompt(rnd, 20));
}

/** `n` agent task prompts from the examples' scenario generators (support and coding, templated). */
export async function agentPrompts(n, seed = 41) {
  const { supportScenario } = await import("../examples/generator/support.mjs");
  const { codingScenario } = await import("../examples/generator/coding.mjs");
  const rnd = createRandom(seed);
  return Array.from({ length: n }, () => (rnd.chance(0.7) ? supportScenario(rnd) : codingScenario(rnd)).prompt);
}
