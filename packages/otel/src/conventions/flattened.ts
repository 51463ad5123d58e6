/**
 * Flattened attribute trees: OpenInference and OpenLLMetry spell a message list as one
 * attribute per leaf (`llm.input_messages.0.message.role`, `gen_ai.prompt.1.content`), because
 * span attributes cannot hold objects. This rebuilds the tree under one prefix.
 */
import type { Attributes } from "../attributes.js";

const INDEX = /^\d+$/;

export class FlatNode {
  readonly children = new Map<string, FlatNode>();
  value: unknown = undefined;

  child(...path: string[]): FlatNode | undefined {
    let node: FlatNode | undefined = this;
    for (const key of path) node = node?.children.get(key);
    return node;
  }

  /** The leaf value at `path`, or null. */
  at(...path: string[]): unknown {
    return this.child(...path)?.value ?? null;
  }

  /** Children named by an index, in index order (`.10` after `.9`). */
  indexed(): FlatNode[] {
    return [...this.children.entries()]
      .filter(([key]) => INDEX.test(key))
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, node]) => node);
  }
}

/** The tree of every attribute named `<prefix>.<...>`, or null when there is none. */
export function flattened(attrs: Attributes, prefix: string): FlatNode | null {
  const lead = prefix + ".";
  let root: FlatNode | null = null;
  // forEach and indexOf: no entry pair or segment array per attribute, on spans with hundreds of them.
  attrs.forEach((value, key) => {
    if (!key.startsWith(lead)) return;
    root ??= new FlatNode();
    insertLeaf(root, key, lead.length, value);
  });
  return root;
}

/** The tree of the attributes `keys[from..]` / `values[from..]`, all named `<lead><...>`. */
export function flatTree(keys: readonly string[], values: readonly unknown[], lead: string, from: number): FlatNode {
  const root = new FlatNode();
  for (let i = from; i < keys.length; i++) insertLeaf(root, keys[i], lead.length, values[i]);
  return root;
}

/** Sets `value` at the path the segments of `key` after `from` spell. */
function insertLeaf(root: FlatNode, key: string, from: number, value: unknown): void {
  let node = root;
  for (;;) {
    const dot = key.indexOf(".", from);
    const segment = dot < 0 ? key.slice(from) : key.slice(from, dot);
    let next = node.children.get(segment);
    if (!next) node.children.set(segment, (next = new FlatNode()));
    node = next;
    if (dot < 0) break;
    from = dot + 1;
  }
  node.value = value;
}
