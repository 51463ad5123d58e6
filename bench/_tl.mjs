import { scanLeakage } from "../packages/hash-embed/node_modules/.probe/node/index.js";
import { generatedPrompts, sourcePrompts } from "/work/main/bench/prompts.mjs";
const sets = Array.from({length: 6}, (_, c) => { const s = sourcePrompts(10000, 11+1000*(c+1)); return { s, g: generatedPrompts(10000, s, 23+1000*(c+1)) }; });
for (const {s,g} of sets.slice(0,3)) await scanLeakage(g, s, { threads: 2 });
for (const { s, g } of sets.slice(3)) {
  globalThis.__tl = [];
  const t0 = performance.timeOrigin + performance.now();
  await scanLeakage(g, s, { threads: 2 });
  const t1 = performance.timeOrigin + performance.now();
  console.log("total", (t1-t0).toFixed(1));
  for (const e of globalThis.__tl.sort((a,b)=>a[1]-b[1])) console.log(" ", e[0].padEnd(20), (e[1]-t0).toFixed(1), e[2] ? (e[2]-t0).toFixed(1) + "  (" + (e[2]-e[1]).toFixed(1) + ")" : "");
}
