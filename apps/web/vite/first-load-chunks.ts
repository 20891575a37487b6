import type { Plugin } from 'vite';

/**
 * The first-load budgets (spec part 1 §2.3 "Loading by role": the signed-in shell and dashboard
 * in at most 30 requests, a family's page in 150 kB) count files as well as bytes. Left to itself
 * the bundler makes a chunk for every set of lazy pages that shares a module, so the dashboard
 * arrived in about 90 small scripts. Here the modules each entry loads up front go into one chunk
 * per set of entries that needs them: an entry still downloads only what it uses, in a few files.
 *
 * An entry is a file and the files it imports statically (not its lazy imports). Modules of the
 * first script (`main.tsx`, which pre-rendered pages run alone) and modules no entry imports up
 * front (the lazy pages' own code) keep the bundler's automatic chunks.
 */
const ENTRIES: Record<string, string[]> = {
  page: ['src/main.tsx'],
  app: ['src/app/start-app.tsx'],
  portal: ['src/app/start-portal.tsx'],
  links: ['src/app/start-links.tsx'],
  wizard: ['src/features/admission-wizard/start-wizard.tsx'],
  // The signed-in frame and what the dashboard, every signed-in user's first page, shows at once.
  shell: [
    'src/app/routes/signed-in-app.tsx',
    'src/features/dashboards/account-dashboard.tsx',
    'src/features/getting-started/getting-started-card.tsx',
    'src/features/students/verification-notice.tsx',
  ],
};

/**
 * The domain package's index files re-export every contract: a file importing one constant
 * through them needs only the module that defines it, so the walk goes straight there.
 */
const BARREL = /[\\/]packages[\\/]domain[\\/]src[\\/](?:[\w-]+[\\/])?index\.ts$/;
const FROM_BARREL = /import\s*\{([^}]*)\}\s*from\s*["']@batchwise\/domain["']/g;

/** The values a module imports from the domain package (types need no module at run time). */
function namesFromBarrel(code: string): string[] {
  return [...code.matchAll(FROM_BARREL)].flatMap(([, list = '']) =>
    list
      .split(',')
      .map((specifier) => specifier.trim())
      .filter((specifier) => specifier !== '' && !specifier.startsWith('type '))
      .map((specifier) => specifier.split(/\s+as\s+/)[0] ?? ''),
  );
}

/** Module id → the entries that import it up front, filled once the module graph is known. */
const neededBy = new Map<string, string[]>();

/**
 * Within a set, Ant Design and the modules that import it go in a chunk of their own: pages
 * without Ant Design (the families' link pages) use the set's other modules (contracts, zod) and
 * must not download Ant Design with them. The other chunk imports nothing from it.
 */
const ANT_DESIGN = /[\\/]node_modules[\\/](?:antd|@ant-design|@rc-component)[\\/]/;
const antDesignSide = new Set<string>();

/**
 * The `output.codeSplitting.groups`: one chunk per set of entries. A group does not take in the
 * modules its modules import: those are needed by at least the same entries, so they sit in a
 * group of a larger set (formed first, at a higher priority) or in the first script itself.
 */
export function firstLoadGroups() {
  const sizes = [...Array(Object.keys(ENTRIES).length).keys()].map((i) => i + 1).reverse();
  return sizes.map((size) => ({
    debugName: `first-load-${size}`,
    priority: size,
    includeDependenciesRecursively: false,
    name: (id: string) => {
      const entries = neededBy.get(id);
      if (entries?.length !== size || entries.includes('page')) return null;
      return `${entries.join('-')}${antDesignSide.has(id) ? '-antd' : ''}`;
    },
  }));
}

/**
 * Sets of entries whose modules come to fewer characters than this join a larger set: a request
 * costs a phone on a slow network more than a few kB does.
 */
const SMALL_SET_CHARS = 12_000;

/**
 * Moves the modules of each small set to the smallest larger set (by entries) that holds, or is
 * held by the sets of, everything they import: the chunks then import each other exactly as
 * before, one fewer. The entries outside the small set load its few kB with the larger one.
 */
function mergeSmallSets(importsOf: (id: string) => string[], sizeOf: (id: string) => number): void {
  const bySet = new Map<string, string[]>();
  for (const [id, entries] of neededBy) {
    if (entries.includes('page')) continue;
    const set = entries.join('-');
    bySet.set(set, [...(bySet.get(set) ?? []), id]);
  }
  const covers = (outer: string[], inner: string[]) => inner.every((entry) => outer.includes(entry));
  for (let moved = true; moved; ) {
    moved = false;
    for (const [set, modules] of bySet) {
      if (modules.reduce((total, id) => total + sizeOf(id), 0) >= SMALL_SET_CHARS) continue;
      const entries = neededBy.get(modules[0] as string) as string[];
      const local = new Set(modules);
      const imported = modules.flatMap(importsOf).filter((dep) => !local.has(dep));
      const target = [...bySet.keys()]
        .map((other) => neededBy.get((bySet.get(other) as string[])[0] as string) as string[])
        .filter((other) => other.length > entries.length && covers(other, entries))
        .filter((other) =>
          imported.every((dep) => {
            const needers = neededBy.get(dep) ?? [];
            return needers.includes('page') || covers(needers, other);
          }),
        )
        .sort((a, b) => a.length - b.length)[0];
      if (!target) continue;
      for (const id of modules) neededBy.set(id, target);
      bySet.get(target.join('-'))?.push(...modules);
      bySet.delete(set);
      moved = true;
    }
  }
}

export function firstLoadChunks(): Plugin {
  return {
    name: 'batchwise-first-load-chunks',
    apply: 'build',
    buildEnd() {
      neededBy.clear();
      const ids = [...this.getModuleIds()];
      // Each name the domain package exports → the module defining it.
      const definedIn = new Map<string, string>();
      for (const id of ids) {
        if (!/[\\/]packages[\\/]domain[\\/]src[\\/]/.test(id) || BARREL.test(id)) continue;
        for (const name of this.getModuleInfo(id)?.exports ?? []) definedIn.set(name, id);
      }
      const importsOf = (id: string): string[] => {
        const info = this.getModuleInfo(id);
        if (!info) return [];
        return info.importedIds.flatMap((imported) => {
          if (!BARREL.test(imported)) return [imported];
          const names = namesFromBarrel(info.code ?? '');
          const defining = names.map((name) => definedIn.get(name));
          // A form the walk cannot read (a namespace import): everything behind the index.
          if (names.length === 0 || defining.includes(undefined)) return [imported];
          return defining as string[];
        });
      };
      for (const [entry, files] of Object.entries(ENTRIES)) {
        const stack = files.map((file) => {
          const id = ids.find((candidate) => candidate.endsWith(`/apps/web/${file}`));
          if (!id) throw new Error(`first-load-chunks: ${file} is not in the build`);
          return id;
        });
        const seen = new Set<string>();
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          neededBy.set(id, [...(neededBy.get(id) ?? []), entry]);
          stack.push(...importsOf(id));
        }
      }
      mergeSmallSets(importsOf, (id) => this.getModuleInfo(id)?.code?.length ?? 0);
      antDesignSide.clear();
      const decided = new Map<string, boolean>();
      const usesAntDesign = (id: string): boolean => {
        const known = decided.get(id);
        if (known !== undefined) return known;
        decided.set(id, false); // an import cycle: decided by the modules around it
        const set = neededBy.get(id)?.join('-');
        const uses =
          ANT_DESIGN.test(id) ||
          importsOf(id).some((dep) => neededBy.get(dep)?.join('-') === set && usesAntDesign(dep));
        decided.set(id, uses);
        if (uses) antDesignSide.add(id);
        return uses;
      };
      for (const id of neededBy.keys()) usesAntDesign(id);
    },
  };
}
