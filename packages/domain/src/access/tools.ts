// Installed tools (add-ons) with optional expiry (part 2 §4 "Tool availability").

export interface InstalledTool {
  /** Tool key, e.g. `zoom-meeting`. */
  readonly key: string;
  /** Expiry in epoch milliseconds; absent means the tool never expires. */
  readonly Expires?: number | null;
}

/** Installed and not expired: no expiry, or `now` has not passed it (still usable at `Expires`). */
export function isToolAvailable(tool: InstalledTool | null | undefined, now: number): boolean {
  if (!tool) return false;
  const expires = tool.Expires;
  return expires === undefined || expires === null || now <= expires;
}

function laterExpiry(a: InstalledTool, b: InstalledTool): InstalledTool {
  const never = (t: InstalledTool) => t.Expires === undefined || t.Expires === null;
  if (never(a)) return a;
  if (never(b)) return b;
  return (b.Expires as number) > (a.Expires as number) ? b : a;
}

/**
 * Merges tool lists from several accounts (own, admin's, shared). When a key appears more than
 * once the entry with the later `Expires` wins, a never-expiring entry beating any date. Order
 * is that of first appearance.
 */
export function mergeInstalledTools(
  ...lists: ReadonlyArray<readonly InstalledTool[] | null | undefined>
): InstalledTool[] {
  const byKey = new Map<string, InstalledTool>();
  for (const list of lists) {
    for (const tool of list ?? []) {
      const current = byKey.get(tool.key);
      byKey.set(tool.key, current ? laterExpiry(current, tool) : tool);
    }
  }
  return [...byKey.values()];
}

/** Keys of the tools that can be used right now. */
export function availableToolKeys(tools: readonly InstalledTool[], now: number): string[] {
  return tools.filter((tool) => isToolAvailable(tool, now)).map((tool) => tool.key);
}

/**
 * Whether a user can open a tool. An admin reads the admin account's tools; a teacher
 * assistant only ever their own account's tools (never the teacher's or admin's); others their
 * own merged with any shared list they are given.
 */
export function canUseTool(
  key: string,
  input: {
    readonly profession: string;
    readonly ownTools: readonly InstalledTool[];
    readonly adminTools?: readonly InstalledTool[];
    readonly sharedTools?: readonly InstalledTool[];
  },
  now: number,
): boolean {
  let tools: readonly InstalledTool[];
  if (input.profession === 'TeacherAssistant') tools = input.ownTools;
  else if (input.profession === 'Admin') tools = input.adminTools ?? input.ownTools;
  else tools = mergeInstalledTools(input.ownTools, input.sharedTools);
  return isToolAvailable(
    tools.find((tool) => tool.key === key),
    now,
  );
}

/**
 * Loading progress in percent once `loaded` of `teacherCount` teachers' data has arrived: 100 /
 * count per teacher, capped at 100. Computed as loaded × 100 / count rather than by adding up
 * shares of 100 / 7 (which falls short of 100 in floating point), so the redirect at 100 fires.
 */
export function loadProgress(loaded: number, teacherCount: number): number {
  if (!(teacherCount > 0)) return 100;
  const safeLoaded = Number.isFinite(loaded) ? Math.max(0, loaded) : 0;
  return Math.min(100, (safeLoaded * 100) / teacherCount);
}
