// The MCP SDK is an optional peer dependency: a client user does not install its hundred packages.
// Whoever imports the MCP entry or runs `platform mcp` installs it, and without it gets one line
// naming what to install, rather than Node's resolution error and its stack.

/** The peer dependency as package.json declares it (a test holds the two together). */
export const MCP_SDK = Object.freeze({ name: "@modelcontextprotocol/sdk", range: ">=1.32.2 <2" });

export const MCP_SDK_MISSING = `the MCP server needs ${MCP_SDK.name}, an optional peer dependency: npm install ${MCP_SDK.name}@"${MCP_SDK.range}"`;

/** The SDK itself, not one of its own dependencies, could not be found. */
function sdkNotFound(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "ERR_MODULE_NOT_FOUND" && typeof message === "string" && message.includes(`'${MCP_SDK.name}'`);
}

/**
 * `load()`, or an Error whose message is the one line above when the SDK is not installed; any
 * other failure is thrown as it is.
 */
export async function withMcpSdk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!sdkNotFound(error)) throw error;
    const missing = new Error(MCP_SDK_MISSING);
    // One line wherever it is printed: the stack would only show this module's frames.
    missing.stack = `Error: ${MCP_SDK_MISSING}`;
    throw missing;
  }
}
