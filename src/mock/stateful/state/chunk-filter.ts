// The filter tree of Get chunks by condition, evaluated on one chunk: a group combines its
// conditions with `and` or `or`, a leaf `{key, op: "equals", value}` compares one field of the
// chunk with the value as text. A chunk without the field never equals anything.
export interface FilterLeaf {
  key: string;
  op: string;
  value: string;
}
export interface FilterGroup {
  operand: "and" | "or";
  conditions: FilterNode[];
}
export type FilterNode = FilterGroup | FilterLeaf;

const isGroup = (node: FilterNode): node is FilterGroup => "conditions" in node;

export function matches(chunk: Record<string, unknown>, node: FilterNode): boolean {
  if (isGroup(node)) {
    return node.operand === "and" ? node.conditions.every((child) => matches(chunk, child)) : node.conditions.some((child) => matches(chunk, child));
  }
  const field = chunk[node.key];
  if (field === undefined || field === null) return false;
  // `equals` is the only operator the spec admits; its request validator refuses any other.
  return String(field) === node.value;
}
