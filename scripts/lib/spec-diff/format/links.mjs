// Where a change's line is on the web. A PR comment needs absolute links: in GitHub Actions the
// repository's blob URL is built from its environment (server, repository, commit); elsewhere a
// `linkBase` can be given, and without either, links are relative to the repository root (right
// for a report read inside the repository).

/**
 * @typedef {(location: { file: string, line: number }, side: { ref: string | null }) => string} Linker
 *   the web address of a line of one side's file
 */

/**
 * @param {{ linkBase?: string | undefined, env?: Record<string, string | undefined> }} options
 * @returns {Linker}
 */
export function createLinker({ linkBase, env = {} } = {}) {
  const repository = env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY ? `${env.GITHUB_SERVER_URL.replace(/\/+$/, "")}/${env.GITHUB_REPOSITORY}/blob/` : undefined;
  const treeBase = linkBase ?? (repository && env.GITHUB_SHA ? `${repository}${env.GITHUB_SHA}/` : undefined);
  return (location, side) => {
    const anchor = `#L${location.line}`;
    if (side.ref && repository) return `${repository}${encodeURIComponent(side.ref)}/${location.file}${anchor}`;
    if (treeBase && !side.ref) return `${treeBase.endsWith("/") ? treeBase : `${treeBase}/`}${location.file}${anchor}`;
    return `${location.file}${anchor}`;
  };
}
