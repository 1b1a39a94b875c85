// Text in one cell of a markdown table: a line break would end the row and a `|` would end the
// cell, so line breaks (and the spaces around them) become one space and `|` is escaped.
export const tableCell = (/** @type {string} */ text) =>
  String(text ?? "")
    .replace(/\s*\n\s*/g, " ")
    .replaceAll("|", "\\|");
