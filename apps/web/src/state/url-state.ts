/**
 * What the page shows, in the URL's hash, so a link reopens the same view: the file (by name),
 * the tab, the row open in the conversation view with the list's filter, sort and minimum, and the
 * table's search, filters and sort.
 * A file's bytes never go in the link: a bundled example reopens by itself, any other file when
 * the user opens a file of that name.
 */
import { DEFAULT_LABELS, type LabelSettings } from "../analysis/explore.js";
import { RANKINGS, type Ranking } from "../analysis/row-ranking.js";
import { EMPTY_QUERY, type RowQuery } from "../analysis/row-query.js";

export const TAB_IDS = ["report", "rows", "conversations", "cost", "harness", "split", "leakage"] as const;
export type Tab = (typeof TAB_IDS)[number];

export interface ViewState {
  file: string | null;
  /** How the file's labels are read: they change every number of the report. */
  labels: LabelSettings;
  tab: Tab;
  /** The row (index in the file) open in the conversation view. */
  row: number;
  conversations: ConversationList;
  rows: RowQuery;
}

/** What the conversation list shows. */
export interface ConversationList {
  /** Rows whose prompt contains this. */
  filter: string;
  /** File order, or by time, tokens or cost. */
  ranking: Ranking;
  /** The least duration, tokens or cost a listed row has, as typed (empty: no minimum). */
  atLeast: string;
}

export const DEFAULT_VIEW: ViewState = { file: null, labels: DEFAULT_LABELS, tab: "report", row: 0, conversations: { filter: "", ranking: "file", atLeast: "" }, rows: EMPTY_QUERY };

/** Filters are `f.<column>=<text>`; everything else has one short key. */
const FILTER_PREFIX = "f.";

export function viewToHash(view: ViewState): string {
  const params = new URLSearchParams();
  if (view.file !== null) params.set("file", view.file);
  if (view.labels.rewardKey.length > 0) params.set("label", view.labels.rewardKey.join(","));
  if (view.labels.threshold !== null) params.set("bar", String(view.labels.threshold));
  if (view.tab !== DEFAULT_VIEW.tab) params.set("tab", view.tab);
  if (view.row !== 0) params.set("row", String(view.row));
  if (view.conversations.filter !== "") params.set("cf", view.conversations.filter);
  if (view.conversations.ranking !== DEFAULT_VIEW.conversations.ranking) params.set("cs", view.conversations.ranking);
  if (view.conversations.atLeast !== "") params.set("cmin", view.conversations.atLeast);
  if (view.rows.search !== "") params.set("q", view.rows.search);
  if (view.rows.sort !== null) params.set("sort", `${view.rows.sort.key}:${view.rows.sort.direction}`);
  for (const [key, text] of Object.entries(view.rows.filters)) params.set(`${FILTER_PREFIX}${key}`, text);
  const text = params.toString();
  return text === "" ? "" : `#${text}`;
}

/** The view a hash names; what it does not name (or names wrongly) is the default, never an error. */
export function hashToView(hash: string): ViewState {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const tab = params.get("tab");
  const ranking = RANKINGS.find(([id]) => id === params.get("cs"))?.[0];
  const row = Number(params.get("row") ?? "0");
  const sort = /^(.+):(asc|desc)$/.exec(params.get("sort") ?? "");
  const bar = Number(params.get("bar") ?? "");
  const rewardKey = (params.get("label") ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter((k) => k !== "");
  const filters: Record<string, string> = {};
  for (const [key, value] of params) if (key.startsWith(FILTER_PREFIX) && key.length > FILTER_PREFIX.length) filters[key.slice(FILTER_PREFIX.length)] = value;
  return {
    file: params.get("file"),
    labels: { rewardKey, threshold: params.has("bar") && params.get("bar") !== "" && Number.isFinite(bar) ? bar : null },
    tab: (TAB_IDS as readonly string[]).includes(tab ?? "") ? (tab as Tab) : DEFAULT_VIEW.tab,
    row: Number.isInteger(row) && row >= 0 ? row : 0,
    conversations: { filter: params.get("cf") ?? "", ranking: ranking ?? DEFAULT_VIEW.conversations.ranking, atLeast: params.get("cmin") ?? "" },
    rows: { search: params.get("q") ?? "", filters, sort: sort === null ? null : { key: sort[1], direction: sort[2] as "asc" | "desc" } },
  };
}
