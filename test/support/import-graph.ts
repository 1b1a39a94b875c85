// The import graph of a project's own modules, read with the TypeScript compiler the project
// already has: every import a file makes (type-only imports, re-exports and import() included),
// resolved as tsc resolves it (`./x.js` is `./x.ts`). From it, the import cycles (each strongly
// connected group of files reported once, as "a.ts -> b.ts -> …" relative to the root) and the
// imports that go against the layers a project declares.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import ts from "typescript";

/** Each of the project's files (absolute paths) with the project files it imports. */
export function importGraph(root: string, include: string[] = ["src"]): Map<string, string[]> {
  const parsed = ts.getParsedCommandLineOfConfigFile(`${root}/tsconfig.json`, { include }, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!parsed) throw new Error(`no tsconfig.json in ${root}`);
  const options = parsed.options;
  const files = parsed.fileNames.filter((file) => include.some((dir) => relative(`${root}/${dir}`, file).split("/")[0] !== ".."));
  const own = new Set(files);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = importedFiles
      .map(({ fileName }) => ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target): target is string => target !== undefined && own.has(target));
    edges.set(file, [...new Set(targets)]);
  }
  return edges;
}

export function importCycles(root: string, include: string[] = ["src"]): string[] {
  const edges = importGraph(root, include);
  const files = [...edges.keys()];
  // Tarjan's strongly connected components: a component of two files or more, or a file that
  // imports itself, is a cycle.
  let index = 0;
  const indices = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[] = [];
  const visit = (file: string) => {
    indices.set(file, index);
    lowest.set(file, index++);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowest.set(file, Math.min(lowest.get(file)!, lowest.get(next)!));
      } else if (onStack.has(next)) lowest.set(file, Math.min(lowest.get(file)!, indices.get(next)!));
    }
    if (lowest.get(file) !== indices.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || edges.get(file)!.includes(file)) cycles.push(group.reverse().map((f) => relative(root, f)).join(" -> "));
  };
  for (const file of files) if (!indices.has(file)) visit(file);
  return cycles;
}

/** A layer: the folders (ending in "/") and files it is made of, relative to the root, and the layers it may import. */
export interface Layer {
  name: string;
  paths: string[];
  mayImport: string[];
}

/**
 * Every import that goes against `layers`, as "a.ts -> b.ts (x may not import y)", and every
 * file that belongs to no layer: a new folder has to be given its place before it can import
 * or be imported.
 */
export function layerViolations(root: string, layers: Layer[], include: string[] = ["src"]): string[] {
  const layerOf = (file: string) => {
    const path = relative(root, file);
    return layers.find((layer) => layer.paths.some((p) => (p.endsWith("/") ? path.startsWith(p) : path === p)));
  };
  const violations: string[] = [];
  for (const [file, targets] of importGraph(root, include)) {
    const from = layerOf(file);
    if (!from) {
      violations.push(`${relative(root, file)} belongs to no layer`);
      continue;
    }
    for (const target of targets) {
      const to = layerOf(target);
      if (!to || to === from || from.mayImport.includes(to.name)) continue;
      violations.push(`${relative(root, file)} -> ${relative(root, target)} (${from.name} may not import ${to.name})`);
    }
  }
  return violations;
}
