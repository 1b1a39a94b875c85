// The site's pages of the workflows, generated at each build from openapi/platform.arazzo.yaml: one
// page per workflow (its inputs, its steps with the operation each calls, their success criteria
// and actions, its outputs) and an index, written as markdown and rendered like any other page.
// Each operation of the API reference that a workflow calls links back to those pages.
import { isRecord, listOf, memberAt, recordOf } from "../json-members.mjs";
import { operationSteps, workflowInputs, workflowsByOperation } from "../arazzo.mjs";
import { listOperations } from "../spec.mjs";
import { tableCell } from "../table-cell.mjs";

/** @typedef {import("../json-types.ts").JsonRecord} JsonRecord */
/** @typedef {import("../json-types.ts").JsonValue} JsonValue */

const DOCUMENT = "openapi/platform.arazzo.yaml";
const code = (/** @type {unknown} */ value) => `\`${String(value).replaceAll("`", "'")}\``;
/** A member as text, "" when the document leaves it out. */
const textOf = (/** @type {JsonValue | undefined} */ value) => String(value ?? "");
/** @type {Record<string, string>} */
const CREDENTIAL_VARIABLES = { apiKey: "PLATFORM_API_KEY", jwt: "PLATFORM_JWT" };

export const workflowSitePath = (/** @type {string} */ workflowId) => `workflows/${workflowId}.html`;
export const WORKFLOWS_INDEX = "workflows/index.html";

/**
 * An action as a reader says it, its reusable component looked up; `end` on failure fails the workflow.
 * @param {JsonValue} action
 * @param {JsonValue | undefined} components
 */
function actionText(action, components, onFailure = false) {
  const reference = memberAt(action, "reference");
  const name = typeof reference === "string" ? reference.split(".").pop() : undefined;
  const resolved = name ? (memberAt(components, "successActions", name) ?? memberAt(components, "failureActions", name) ?? {}) : action;
  const criteria = listOf(memberAt(resolved, "criteria"));
  const when = criteria.length ? ` when ${criteria.map((c) => code(memberAt(c, "condition"))).join(" and ")}` : "";
  const type = memberAt(resolved, "type");
  if (type === "goto") return `go to ${code(memberAt(resolved, "stepId"))}${when}`;
  if (type === "retry") return `retry every ${memberAt(resolved, "retryAfter") ?? 0} s, at most ${memberAt(resolved, "retryLimit") ?? 1} times,${when}`;
  if (type === "end") return onFailure ? `otherwise the workflow fails${when}` : `end the workflow${when}`;
  return `${type ?? "?"}${when}`;
}

/**
 * @param {JsonValue} criterion
 */
function criterionText(criterion) {
  if (memberAt(criterion, "type") === "regex") return `${code(memberAt(criterion, "context"))} matches ${code(memberAt(criterion, "condition"))}`;
  return code(memberAt(criterion, "condition"));
}

const parameterText = (/** @type {JsonValue} */ parameter, /** @type {JsonValue | undefined} */ components) => {
  const reference = memberAt(parameter, "reference");
  if (reference) {
    const resolved = memberAt(components, "parameters", String(String(reference).split(".").pop())) ?? {};
    return `${memberAt(resolved, "in")} ${code(memberAt(resolved, "name"))} = ${code(memberAt(resolved, "value"))}`;
  }
  const value = memberAt(parameter, "value");
  return `${memberAt(parameter, "in")} ${code(memberAt(parameter, "name"))} = ${code(typeof value === "string" ? value : JSON.stringify(value))}`;
};

/**
 * @param {JsonRecord} arazzo
 * @param {JsonRecord} workflow
 * @param {Map<string, import("../spec.mjs").Operation>} operationsById
 */
function workflowMarkdown(arazzo, workflow, operationsById) {
  const workflowId = String(workflow.workflowId);
  const lines = [`# Workflow: ${workflowId}`, "", textOf(workflow.summary), "", textOf(workflow.description).trim(), ""];
  lines.push(
    `Written in [${DOCUMENT}](../../${DOCUMENT}); run it against your environment with`,
    "",
    "```sh",
    `PLATFORM_API_KEY=... npm run workflows -- --server https://your-host --workflow ${workflowId}`,
    "```",
    "",
  );
  const dependsOn = listOf(workflow.dependsOn);
  if (dependsOn.length)
    lines.push(`Runs after ${dependsOn.map((id) => `[${id}](${id}.md)`).join(", ")}, whose outputs it reads (Respect runs it first).`, "");

  const inputs = workflowInputs(arazzo, workflowId);
  lines.push("## Inputs", "", "| Input | Required | How it is given | Description |", "|---|---|---|---|");
  for (const [name, schema] of Object.entries(inputs.properties)) {
    const fallback = memberAt(schema, "default");
    const given = CREDENTIAL_VARIABLES[name]
      ? `${code(CREDENTIAL_VARIABLES[name])} (secret, masked)`
      : memberAt(schema, "format") === "password"
        ? `secret, default used (masked)`
        : `${code(`--input ${name}=...`)}${fallback !== undefined ? `, default ${code(fallback)}` : ""}`;
    lines.push(`| ${code(name)} | ${inputs.required.includes(name) ? "yes" : "no"} | ${tableCell(given)} | ${tableCell(textOf(memberAt(schema, "description")))} |`);
  }
  lines.push("");

  lines.push(
    "## Steps",
    "",
    "| Step | Operation | Parameters and body | Success criteria | On success | On failure | Outputs |",
    "|---|---|---|---|---|---|---|",
  );
  for (const step of listOf(workflow.steps)) {
    const operationId = memberAt(step, "operationId");
    const op = typeof operationId === "string" ? operationsById.get(operationId) : undefined;
    const operation = op
      ? `${code(operationId)}: ${op.method.toUpperCase()} ${code(op.path)} ([reference](../reference/))`
      : code(operationId ?? memberAt(step, "workflowId") ?? "?");
    const body = memberAt(step, "requestBody");
    const inputsText = [
      ...listOf(memberAt(step, "parameters")).map((p) => parameterText(p, arazzo.components)),
      ...(body
        ? [
            `${memberAt(body, "contentType") ?? "body"}: ${Object.entries(recordOf(memberAt(body, "payload")))
              .map(([key, value]) => (value !== null && typeof value === "object" ? code(key) : `${code(key)} = ${code(value)}`))
              .join(", ")}`,
          ]
        : []),
    ].join("; ");
    const success = listOf(memberAt(step, "successCriteria")).map((c) => criterionText(c)).join("; ");
    const onSuccess = listOf(memberAt(step, "onSuccess")).map((a) => actionText(a, arazzo.components)).join("; ") || "next step";
    const onFailure = listOf(memberAt(step, "onFailure")).map((a) => actionText(a, arazzo.components, true)).join("; ") || "the workflow fails";
    const outputs = Object.entries(recordOf(memberAt(step, "outputs"))).map(([name, value]) => `${code(name)} = ${code(value)}`).join("; ");
    lines.push(
      `| ${code(memberAt(step, "stepId"))}: ${tableCell(textOf(memberAt(step, "description")))} | ${tableCell(operation)} | ${tableCell(inputsText)} | ${tableCell(success)} | ${tableCell(onSuccess)} | ${tableCell(onFailure)} | ${tableCell(outputs)} |`,
    );
  }
  lines.push("");

  lines.push("## Outputs", "");
  const outputs = Object.entries(recordOf(workflow.outputs));
  if (outputs.length === 0) lines.push("None.");
  else {
    lines.push("| Output | Value |", "|---|---|");
    for (const [name, value] of outputs) lines.push(`| ${code(name)} | ${code(value)} |`);
  }
  lines.push("");
  return lines.join("\n");
}

/**
 * @param {JsonRecord} arazzo
 */
function indexMarkdown(arazzo) {
  const lines = ["# Workflows", "", textOf(memberAt(arazzo, "info", "summary")), "", textOf(memberAt(arazzo, "info", "description")).trim(), ""];
  lines.push("| Workflow | What it does | Operations, in order |", "|---|---|---|");
  for (const workflow of listOf(arazzo.workflows).filter(isRecord)) {
    const ops = [...new Set(operationSteps(workflow).map((s) => s.operationId))].map(code).join(", ");
    lines.push(`| [${workflow.workflowId}](${workflow.workflowId}.md) | ${tableCell(textOf(workflow.summary))} | ${tableCell(ops)} |`);
  }
  lines.push("");
  return lines.join("\n");
}

/**
 * The pages, shaped like discoverPages' (source, sitePath, markdown, title, navTitle): the index
 * first. Their `source` is where they would sit among the docs, for resolving their links; no
 * such file is written.
 * @param {JsonRecord} arazzo
 * @param {JsonRecord} spec
 */
export function workflowPages(arazzo, spec) {
  const operationsById = new Map(listOperations(spec).map((op) => [op.operationId, op]));
  return [
    { source: "docs/workflows/README.md", sitePath: WORKFLOWS_INDEX, markdown: indexMarkdown(arazzo), title: "Workflows", navTitle: "All workflows" },
    ...listOf(arazzo.workflows)
      .filter(isRecord)
      .map((workflow) => {
        const workflowId = String(workflow.workflowId);
        return {
          source: `docs/workflows/${workflowId}.md`,
          sitePath: workflowSitePath(workflowId),
          markdown: workflowMarkdown(arazzo, workflow, operationsById),
          title: `Workflow: ${workflowId}`,
          navTitle: workflowId,
        };
      }),
  ];
}

/** The paragraph the reference adds to an operation's description; tests strip it by this start. */
export const WORKFLOW_LINKS_START = "\n\n**Workflows that call it:** ";

/**
 * A copy of the spec for the reference in which every operation a workflow calls says so at the
 * end of its description, linking each workflow's page (relative to the reference's page).
 * @param {JsonRecord} spec
 * @param {JsonRecord} arazzo
 */
export function withWorkflowLinks(spec, arazzo) {
  const copy = structuredClone(spec);
  const uses = workflowsByOperation(arazzo);
  for (const op of listOperations(copy)) {
    const ids = uses.get(op.operationId);
    if (!ids) continue;
    const operation = memberAt(copy, "paths", op.path, op.method);
    if (!isRecord(operation)) continue;
    const links = ids.map((id) => `[${id}](../${workflowSitePath(id)})`).join(", ");
    operation.description = `${textOf(operation.description)}${WORKFLOW_LINKS_START}${links}.`;
  }
  return copy;
}
