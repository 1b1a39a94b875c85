// The site's pages of the workflows, generated at each build from openapi/platform.arazzo.yaml: one
// page per workflow (its inputs, its steps with the operation each calls, their success criteria
// and actions, its outputs) and an index, written as markdown and rendered like any other page.
// Each operation of the API reference that a workflow calls links back to those pages.
import { memberAt } from "../json-members.mjs";
import { operationSteps, workflowInputs, workflowsByOperation } from "../arazzo.mjs";
import { listOperations } from "../spec.mjs";
import { tableCell } from "../table-cell.mjs";

/** @typedef {import("../json-types.ts").JsonObject} JsonObject */

const DOCUMENT = "openapi/platform.arazzo.yaml";
const code = (/** @type {unknown} */ value) => `\`${String(value).replaceAll("`", "'")}\``;
/** @type {Record<string, string>} */
const CREDENTIAL_VARIABLES = { apiKey: "PLATFORM_API_KEY", jwt: "PLATFORM_JWT" };

export const workflowSitePath = (/** @type {string} */ workflowId) => `workflows/${workflowId}.html`;
export const WORKFLOWS_INDEX = "workflows/index.html";

/**
 * An action as a reader says it, its reusable component looked up; `end` on failure fails the workflow.
 * @param {JsonObject} action
 * @param {JsonObject} components
 */
function actionText(action, components, onFailure = false) {
  const name = action.reference?.split(".").pop();
  const resolved = name ? (components?.successActions?.[name] ?? components?.failureActions?.[name] ?? {}) : action;
  const when = resolved.criteria?.length ? ` when ${resolved.criteria.map((/** @type {JsonObject} */ c) => code(c.condition)).join(" and ")}` : "";
  if (resolved.type === "goto") return `go to ${code(resolved.stepId)}${when}`;
  if (resolved.type === "retry") return `retry every ${resolved.retryAfter ?? 0} s, at most ${resolved.retryLimit ?? 1} times,${when}`;
  if (resolved.type === "end") return onFailure ? `otherwise the workflow fails${when}` : `end the workflow${when}`;
  return `${resolved.type ?? "?"}${when}`;
}

/**
 * @param {JsonObject} criterion
 */
function criterionText(criterion) {
  if (criterion.type === "regex") return `${code(criterion.context)} matches ${code(criterion.condition)}`;
  return code(criterion.condition);
}

const parameterText = (/** @type {JsonObject} */ parameter, /** @type {JsonObject} */ components) => {
  if (parameter.reference) {
    const resolved = components?.parameters?.[parameter.reference.split(".").pop()] ?? {};
    return `${resolved.in} ${code(resolved.name)} = ${code(resolved.value)}`;
  }
  return `${parameter.in} ${code(parameter.name)} = ${code(typeof parameter.value === "string" ? parameter.value : JSON.stringify(parameter.value))}`;
};

/**
 * @param {JsonObject} arazzo
 * @param {JsonObject} workflow
 * @param {Map<string, import("../spec.mjs").Operation>} operationsById
 */
function workflowMarkdown(arazzo, workflow, operationsById) {
  const lines = [`# Workflow: ${workflow.workflowId}`, "", workflow.summary ?? "", "", (workflow.description ?? "").trim(), ""];
  lines.push(
    `Written in [${DOCUMENT}](../../${DOCUMENT}); run it against your environment with`,
    "",
    "```sh",
    `PLATFORM_API_KEY=... npm run workflows -- --server https://your-host --workflow ${workflow.workflowId}`,
    "```",
    "",
  );
  if (workflow.dependsOn?.length)
    lines.push(`Runs after ${workflow.dependsOn.map((/** @type {string} */ id) => `[${id}](${id}.md)`).join(", ")}, whose outputs it reads (Respect runs it first).`, "");

  const inputs = workflowInputs(arazzo, workflow.workflowId);
  lines.push("## Inputs", "", "| Input | Required | How it is given | Description |", "|---|---|---|---|");
  for (const [name, schema] of Object.entries(inputs.properties)) {
    const fallback = memberAt(schema, "default");
    const given = CREDENTIAL_VARIABLES[name]
      ? `${code(CREDENTIAL_VARIABLES[name])} (secret, masked)`
      : memberAt(schema, "format") === "password"
        ? `secret, default used (masked)`
        : `${code(`--input ${name}=...`)}${fallback !== undefined ? `, default ${code(fallback)}` : ""}`;
    lines.push(`| ${code(name)} | ${inputs.required.includes(name) ? "yes" : "no"} | ${tableCell(given)} | ${tableCell(String(memberAt(schema, "description") ?? ""))} |`);
  }
  lines.push("");

  lines.push(
    "## Steps",
    "",
    "| Step | Operation | Parameters and body | Success criteria | On success | On failure | Outputs |",
    "|---|---|---|---|---|---|---|",
  );
  for (const step of workflow.steps ?? []) {
    const op = operationsById.get(step.operationId);
    const operation = op
      ? `${code(step.operationId)}: ${op.method.toUpperCase()} ${code(op.path)} ([reference](../reference/))`
      : code(step.operationId ?? step.workflowId ?? "?");
    const inputsText = [
      ...(step.parameters ?? []).map((/** @type {JsonObject} */ p) => parameterText(p, arazzo.components)),
      ...(step.requestBody
        ? [
            `${step.requestBody.contentType ?? "body"}: ${Object.entries(step.requestBody.payload ?? {})
              .map(([key, value]) => (value !== null && typeof value === "object" ? code(key) : `${code(key)} = ${code(value)}`))
              .join(", ")}`,
          ]
        : []),
    ].join("; ");
    const success = (step.successCriteria ?? []).map(criterionText).join("; ");
    const onSuccess = (step.onSuccess ?? []).map((/** @type {JsonObject} */ a) => actionText(a, arazzo.components)).join("; ") || "next step";
    const onFailure = (step.onFailure ?? []).map((/** @type {JsonObject} */ a) => actionText(a, arazzo.components, true)).join("; ") || "the workflow fails";
    const outputs = Object.entries(step.outputs ?? {}).map(([name, value]) => `${code(name)} = ${code(value)}`).join("; ");
    lines.push(
      `| ${code(step.stepId)}: ${tableCell(step.description ?? "")} | ${tableCell(operation)} | ${tableCell(inputsText)} | ${tableCell(success)} | ${tableCell(onSuccess)} | ${tableCell(onFailure)} | ${tableCell(outputs)} |`,
    );
  }
  lines.push("");

  lines.push("## Outputs", "");
  const outputs = Object.entries(workflow.outputs ?? {});
  if (outputs.length === 0) lines.push("None.");
  else {
    lines.push("| Output | Value |", "|---|---|");
    for (const [name, value] of outputs) lines.push(`| ${code(name)} | ${code(value)} |`);
  }
  lines.push("");
  return lines.join("\n");
}

/**
 * @param {JsonObject} arazzo
 */
function indexMarkdown(arazzo) {
  const lines = ["# Workflows", "", arazzo.info?.summary ?? "", "", (arazzo.info?.description ?? "").trim(), ""];
  lines.push("| Workflow | What it does | Operations, in order |", "|---|---|---|");
  for (const workflow of arazzo.workflows ?? []) {
    const ops = [...new Set(operationSteps(workflow).map((s) => s.operationId))].map(code).join(", ");
    lines.push(`| [${workflow.workflowId}](${workflow.workflowId}.md) | ${tableCell(workflow.summary ?? "")} | ${tableCell(ops)} |`);
  }
  lines.push("");
  return lines.join("\n");
}

/**
 * The pages, shaped like discoverPages' (source, sitePath, markdown, title, navTitle): the index
 * first. Their `source` is where they would sit among the docs, for resolving their links; no
 * such file is written.
 * @param {JsonObject} arazzo
 * @param {JsonObject} spec
 */
export function workflowPages(arazzo, spec) {
  const operationsById = new Map(listOperations(spec).map((op) => [op.operationId, op]));
  return [
    { source: "docs/workflows/README.md", sitePath: WORKFLOWS_INDEX, markdown: indexMarkdown(arazzo), title: "Workflows", navTitle: "All workflows" },
    ...(arazzo.workflows ?? []).map((/** @type {JsonObject} */ workflow) => ({
      source: `docs/workflows/${workflow.workflowId}.md`,
      sitePath: workflowSitePath(workflow.workflowId),
      markdown: workflowMarkdown(arazzo, workflow, operationsById),
      title: `Workflow: ${workflow.workflowId}`,
      navTitle: workflow.workflowId,
    })),
  ];
}

/** The paragraph the reference adds to an operation's description; tests strip it by this start. */
export const WORKFLOW_LINKS_START = "\n\n**Workflows that call it:** ";

/**
 * A copy of the spec for the reference in which every operation a workflow calls says so at the
 * end of its description, linking each workflow's page (relative to the reference's page).
 * @param {JsonObject} spec
 * @param {JsonObject} arazzo
 */
export function withWorkflowLinks(spec, arazzo) {
  const copy = structuredClone(spec);
  const uses = workflowsByOperation(arazzo);
  for (const op of listOperations(copy)) {
    const ids = uses.get(op.operationId);
    if (!ids) continue;
    const operation = copy.paths[op.path][op.method];
    const links = ids.map((id) => `[${id}](../${workflowSitePath(id)})`).join(", ");
    operation.description = `${operation.description ?? ""}${WORKFLOW_LINKS_START}${links}.`;
  }
  return copy;
}
