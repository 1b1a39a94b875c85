// The command line's flags against the spec: every option or argument that offers choices fills a
// request field whose enum in openapi/platform.yaml is exactly those choices (read here from the
// YAML itself, not from the generated table the flags use), and every field a flag names exists.
// A flag whose choices are written by hand (`--model-type fineTuned` while the spec says
// fineTune) fails here; a renamed field or changed enum fails to compile (the ts-expect-error
// lines below).
import { type Argument, Command, Option } from "commander";
import { describe, expect, it } from "vitest";
import { listOf, memberAt, recordOf } from "../../scripts/lib/json-members.mjs";
import type { JsonRecord, JsonValue } from "../../scripts/lib/json-types.js";
import { derefRecord, loadSpec, operationNodes } from "../../scripts/lib/spec.mjs";
import { buildProgram } from "../../src/cli/program.js";
import { bindOption, specFieldsOf, specOption, type SpecField } from "../../src/cli/spec-flags.js";

// Choices that are the command line's own, not a request field's.
const OWN_CHOICES = new Set(["platform --output", "platform models import --progress", "platform completion <shell>", "platform drift --format"]);

const spec = loadSpec();
const nodesById = new Map(operationNodes(spec).map((nodes) => [nodes.op.operationId, nodes]));

/** The schemas at a dotted path below `schema`, through $ref, every union branch and array items. */
function schemasAt(schema: JsonValue | undefined, path: string[]): JsonRecord[] {
  if (!schema) return [];
  const node = derefRecord(spec, schema);
  const branches = (["oneOf", "anyOf", "allOf"] as const).flatMap((k) => listOf(node[k]));
  if (branches.length > 0) return branches.flatMap((b) => schemasAt(b, path));
  if (path.length === 0) return [node];
  const [head, ...rest] = path as [string, ...string[]];
  if (head.endsWith("[]")) return schemasAt(memberAt(node, "properties", head.slice(0, -2), "items"), rest);
  return schemasAt(memberAt(node, "properties", head), rest);
}

/** The field's schemas in the spec (empty when the operation has no such field). */
function fieldSchemas(field: SpecField): JsonRecord[] {
  const nodes = nodesById.get(field.operationId);
  if (!nodes) return [];
  if (field.in === "body") {
    return Object.values(recordOf(nodes.body?.content)).flatMap((media) => schemasAt(memberAt(media, "schema"), field.name.split(".")));
  }
  return nodes.parameters.filter((p) => p.in === field.in && p.name === field.name).flatMap((p) => schemasAt(p.schema, []));
}

/** The enum values of the field, every branch's together; undefined when some branch has none. */
function specEnum(field: SpecField): JsonValue[] | undefined {
  const schemas = fieldSchemas(field);
  if (schemas.length === 0 || schemas.some((s) => !Array.isArray(s.enum))) return undefined;
  return [...new Set(schemas.flatMap((s) => listOf(s.enum)))];
}

interface Entry {
  where: string;
  choices: readonly string[] | undefined;
  fills: readonly SpecField[];
}

function entries(command: Command, path = "platform"): Entry[] {
  const own: Entry[] = [
    ...command.options.map((o: Option) => ({ where: `${path} ${o.long ?? o.short}`, choices: o.argChoices, fills: specFieldsOf(o) })),
    ...command.registeredArguments.map((a: Argument) => ({ where: `${path} <${a.name()}>`, choices: a.argChoices, fills: specFieldsOf(a) })),
  ];
  return [...own, ...command.commands.flatMap((c) => entries(c, `${path} ${c.name()}`))];
}

/** What is wrong with the options and arguments of a command tree, one line each. */
function problems(program: Command): string[] {
  const found: string[] = [];
  for (const entry of entries(program)) {
    if (entry.choices && entry.fills.length === 0 && !OWN_CHOICES.has(entry.where)) found.push(`${entry.where} offers choices but fills no request field of the spec`);
    for (const field of entry.fills) {
      const name = `${field.operationId} ${field.in}.${field.name}`;
      if (fieldSchemas(field).length === 0) {
        found.push(`${entry.where} fills ${name}, which the spec does not have`);
        continue;
      }
      const values = specEnum(field);
      if (values === undefined && entry.choices) found.push(`${entry.where} offers choices, but ${name} has no enum`);
      if (values !== undefined && JSON.stringify([...(entry.choices ?? [])].sort()) !== JSON.stringify([...values].sort())) {
        found.push(`${entry.where} offers ${JSON.stringify(entry.choices ?? null)}, but the spec's ${name} is ${JSON.stringify(values)}`);
      }
    }
  }
  return found;
}

describe("the command tree against the spec", () => {
  const program = buildProgram("0.0.0-test");
  const all = entries(program);

  it("has enum flags and arguments to check, each naming the field it fills", () => {
    const filled = all.filter((e) => e.fills.length > 0).map((e) => e.where);
    expect(filled).toEqual(
      expect.arrayContaining([
        "platform models deploy --model-type", "platform models deploy --device-type", "platform connections list --provider",
        "platform guardrails deploy <name>", "platform guardrails undeploy <name>",
      ]),
    );
  });

  it("offers exactly the spec's values wherever it offers choices, and names only fields the spec has", () => {
    expect(problems(program)).toEqual([]);
  });

  it("deploys fine-tuned models as the spec spells them", () => {
    expect(all.find((e) => e.where === "platform models deploy --model-type")?.choices).toEqual(["openSource", "fineTune"]);
  });
});

describe("the check itself", () => {
  it("catches choices written by hand beside the spec: --model-type fineTuned", () => {
    const program = new Command("platform");
    const deploy = program.command("models").command("deploy");
    deploy.addOption(bindOption(new Option("--model-type <type>").choices(["openSource", "fineTuned"]), { operationId: "deployModel", in: "query", name: "modelType" }));
    expect(problems(program)).toEqual([`platform models deploy --model-type offers ["openSource","fineTuned"], but the spec's deployModel query.modelType is ["openSource","fineTune"]`]);
  });

  it("catches choices that fill no field, and a field without the choices its enum calls for", () => {
    const program = new Command("platform");
    const deploy = program.command("deploy");
    deploy.addOption(new Option("--model-type <type>").choices(["openSource", "fineTuned"]));
    deploy.addOption(bindOption(new Option("--device-type <type>"), { operationId: "deployModel", in: "body", name: "deviceType" }));
    expect(problems(program)).toEqual([
      "platform deploy --model-type offers choices but fills no request field of the spec",
      expect.stringContaining("platform deploy --device-type offers null, but the spec's deployModel body.deviceType is"),
    ]);
  });

  it("takes an enum flag's choices from the spec", () => {
    expect(specOption("--model-type <type>", "", { operationId: "deployModel", in: "query", name: "modelType" }).option.argChoices).toEqual(["openSource", "fineTune"]);
  });
});

// A field the spec renamed, a value it does not list: compile errors, checked by test/typecheck.test.ts.
// biome-ignore lint/suspicious/noExportsInTest: exported so it counts as used; it is compiled, never run
export function compileTimeChecks(): void {
  // @ts-expect-error -- deployModel has no query parameter modelTypes
  specOption("--model-type <type>", "", { operationId: "deployModel", in: "query", name: "modelTypes" });
  // @ts-expect-error -- updateConnection's body has no provider
  specOption("--provider <p>", "", { operationId: "updateConnection", in: "body", name: "provider" });
  const modelType = specOption("--model-type <type>", "", { operationId: "deployModel", in: "query", name: "modelType" });
  // @ts-expect-error -- "fineTuned" is not a modelType the spec lists
  const wrong: "openSource" | "fineTuned" | undefined = modelType.read({});
  const right: "openSource" | "fineTune" | undefined = modelType.read({});
  void [wrong, right];
}
