// The import cycles among a project's own modules, found with the TypeScript compiler the project
// already has: every import a file makes (type-only imports, re-exports and import() included),
// resolved as tsc resolves it (`./x.js` is `./x.ts`), and each strongly connected group of files
// reported once, as "a.ts -> b.ts -> …" relative to the root.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import ts from "typescript";

export function importCycles(root: string, include: string[] = ["src"]): string[] {
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
