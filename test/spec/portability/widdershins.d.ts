// widdershins ships no types; the one function the readers test calls.
declare module "widdershins" {
  /** Markdown documentation (Slate layout) of an OpenAPI 3.0 or Swagger 2.0 document. */
  export function convert(api: object, options: object): Promise<string>;
  const widdershins: { convert: typeof convert };
  export default widdershins;
}
