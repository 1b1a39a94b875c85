// GitHub Actions workflow commands (`::error file=F,line=L,col=C,title=T::message`): printed by a
// step, each becomes an annotation on that line of the pull request's diff. Used by the lint
// script and the spec differ, so both escape alike.

/** The message part: `%`, CR and LF escaped, as the runner requires. */
const escapeData = (/** @type {string} */ value) => String(value).replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
/** A property value: also `:` and `,`, which separate properties. */
const escapeProperty = (/** @type {string} */ value) => escapeData(value).replaceAll(":", "%3A").replaceAll(",", "%2C");

/**
 * One annotation line. `level` is error, warning or notice; `file` is relative to the repository.
 * @param {"error" | "warning" | "notice"} level
 * @param {{ file?: string, line?: number, col?: number, title?: string }} where
 * @param {string} message
 */
export function workflowCommand(level, { file, line, col, title }, message) {
  const properties = [];
  if (file) properties.push(`file=${escapeProperty(file)}`);
  if (file && line) properties.push(`line=${line}`);
  if (file && line && col) properties.push(`col=${col}`);
  if (title) properties.push(`title=${escapeProperty(title)}`);
  return `::${level}${properties.length ? ` ${properties.join(",")}` : ""}::${escapeData(message)}`;
}
