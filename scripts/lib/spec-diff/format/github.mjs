// The report as GitHub Actions annotations: each change on its line of the head spec (or, for
// something only the base has, on the line of the place it was removed from). Changes the version
// bump does not allow are errors, other breaking changes warnings, the rest notices.
import { workflowCommand } from "../../workflow-commands.mjs";
import { placeOf } from "../diff.mjs";

/** @param {import("../diff.mjs").Report} report */
export function toAnnotations(report) {
  return report.changes.map((change) => {
    const at = placeOf(change);
    const level = change.blocked ? "error" : change.level === "major" ? "warning" : "notice";
    const where = [change.operation?.id ?? change.operation?.path, change.where.join(", "), change.field].filter(Boolean).join(" · ");
    return workflowCommand(
      level,
      { file: at.file, line: at.line, title: `spec-diff ${change.level}: ${change.rule}` },
      `${where}: ${change.message} (${change.row})`,
    );
  }).join("\n");
}
