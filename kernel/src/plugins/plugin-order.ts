export interface OrderItem {
  name: string;
  enforce?: "pre" | "post";
  dependencies: readonly string[];
}

export interface OrderResult {
  ordered: string[];
  /** Plugins that cannot be applied, with the reason: a missing dependency, a cycle, a failed dependency. */
  failures: Map<string, { reason: string; kind: "missing" | "cycle" }>;
}

const TIER = { pre: 0, normal: 1, post: 2 } as const;

/**
 * Topological order by `dependencies`; among plugins whose dependencies are met, `enforce: "pre"` first, then
 * the rest, then "post", each in declaration order (Kahn's algorithm with a stable priority). A plugin whose
 * dependency is missing, or that sits on a cycle, fails by name, and so do the plugins that depend on it.
 */
export function orderPlugins(items: readonly OrderItem[]): OrderResult {
  const failures: OrderResult["failures"] = new Map();
  const byName = new Map(items.map((item, index) => [item.name, { item, index }]));

  // Missing dependencies, propagated until stable.
  let changed = true;
  while (changed) {
    changed = false;
    for (const { item } of byName.values()) {
      if (failures.has(item.name)) continue;
      const missing = item.dependencies.find((dep) => !byName.has(dep) || failures.has(dep));
      if (missing !== undefined) {
        const reason = failures.has(missing)
          ? `depends on "${missing}", which failed`
          : `depends on "${missing}", which is not loaded`;
        failures.set(item.name, { reason, kind: "missing" });
        changed = true;
      }
    }
  }

  const remaining = [...byName.values()].filter(({ item }) => !failures.has(item.name));
  const ordered: string[] = [];
  const placed = new Set<string>();
  const rank = ({ item, index }: { item: OrderItem; index: number }) =>
    TIER[item.enforce ?? "normal"] * 1_000_000 + index;

  while (remaining.length > 0) {
    const ready = remaining
      .filter(({ item }) => item.dependencies.every((dep) => placed.has(dep)))
      .sort((a, b) => rank(a) - rank(b));
    const next = ready[0];
    if (!next) {
      const cycle = findCycle(remaining.map(({ item }) => item));
      for (const { item } of remaining) {
        const reason = cycle.includes(item.name)
          ? `dependency cycle: ${[...cycle, cycle[0]].join(" → ")}`
          : `depends on a plugin in the cycle ${cycle.join(", ")}`;
        failures.set(item.name, { reason, kind: "cycle" });
      }
      break;
    }
    ordered.push(next.item.name);
    placed.add(next.item.name);
    remaining.splice(remaining.indexOf(next), 1);
  }
  return { ordered, failures };
}

/** One cycle among items that cannot be ordered (each has at least one unplaced dependency). */
function findCycle(items: readonly OrderItem[]): string[] {
  const byName = new Map(items.map((item) => [item.name, item]));
  const start = items[0];
  if (!start) return [];
  const path: string[] = [];
  let current: OrderItem | undefined = start;
  while (current && !path.includes(current.name)) {
    path.push(current.name);
    current = current.dependencies.map((dep) => byName.get(dep)).find((dep) => dep !== undefined);
  }
  return current ? path.slice(path.indexOf(current.name)) : path;
}
