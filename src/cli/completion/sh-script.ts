// Completion scripts for bash and zsh: the command tree's data as POSIX shell functions (they run
// unchanged in both), a walk over the words typed so far that finds the command path, and each
// shell's own glue: bash's `complete -F`, zsh's `compdef`. When nothing matches (a file
// argument), both fall back to completing file names.
import type { CompletionData } from "./completion-data.js";

const quote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

function caseOf(name: string, entries: [string, string][], fallback = ""): string {
  const arms = entries.map(([pattern, body]) => `    ${pattern}) ${body} ;;`);
  return [`${name}() {`, `  case "$1" in`, ...arms, `    *) ${fallback || ":"} ;;`, "  esac", "}"].join("\n");
}

const lines = (values: readonly string[]): string => `printf '%s\\n' ${values.map(quote).join(" ")}`;

/** The data and the walk, in POSIX shell. */
function core(data: CompletionData): string {
  const values = new Map<string, [string, string][]>();
  for (const [path, flag, choices] of data.values) values.set(path, [...(values.get(path) ?? []), [quote(flag), lines(choices)]]);
  const argumentChoices = new Map<string, [string, string][]>();
  for (const [path, index, choices] of data.argumentChoices) argumentChoices.set(path, [...(argumentChoices.get(path) ?? []), [String(index), lines(choices)]]);
  const nested = (name: string, table: Map<string, [string, string][]>) =>
    caseOf(
      name,
      [...table].map(([path, arms]) => [quote(path), `case "$2" in ${arms.map(([k, body]) => `${k}) ${body} ;;`).join(" ")} esac`]),
    );
  return [
    caseOf("_platform_subcommands", data.subcommands.map(([path, names]) => [quote(path), lines(names)])),
    caseOf("_platform_flags", data.flags.map(([path, names]) => [quote(path), lines(names)])),
    caseOf(
      "_platform_takes_value",
      data.valueFlags.filter(([, names]) => names.length > 0).map(([path, names]) => [quote(path), `case "$2" in ${names.map(quote).join("|")}) return 0 ;; esac; return 1`]),
      "return 1",
    ),
    nested("_platform_values", values),
    nested("_platform_argument_choices", argumentChoices),
    `# Candidates for the word being completed ($1), given the words before it ($2 …), one per line.
_platform_candidates() {
  _pc_cur="$1"; shift
  _pc_path=""; _pc_expect=""; _pc_position=0; _pc_help=""
  for _pc_word in "$@"; do
    if [ -n "$_pc_expect" ]; then _pc_expect=""; continue; fi
    case "$_pc_word" in
      --*=*) continue ;;
      -*) if _platform_takes_value "$_pc_path" "$_pc_word"; then _pc_expect="$_pc_word"; fi; continue ;;
    esac
    if [ -z "$_pc_path" ] && [ -z "$_pc_help" ] && [ "$_pc_word" = help ]; then _pc_help=1; continue; fi
    if _platform_subcommands "$_pc_path" | grep -qxF -- "$_pc_word"; then
      _pc_path="\${_pc_path:+$_pc_path }$_pc_word"; _pc_position=0
    else
      _pc_position=$((_pc_position + 1))
    fi
  done
  if [ -n "$_pc_expect" ]; then _platform_values "$_pc_path" "$_pc_expect"; return; fi
  if [ -n "$_pc_help" ]; then _platform_subcommands "$_pc_path"; return; fi
  case "$_pc_cur" in
    -*) _platform_flags "$_pc_path"; return ;;
  esac
  _platform_subcommands "$_pc_path"
  _platform_argument_choices "$_pc_path" "$((_pc_position + 1))"
}`,
  ].join("\n\n");
}

export function bashScript(data: CompletionData): string {
  return `# bash completion for platform. Load it in this shell:  source <(platform completion bash)
# or for every shell:  platform completion bash > ~/.local/share/bash-completion/completions/platform

${core(data)}

_platform() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" candidate
  COMPREPLY=()
  while IFS= read -r candidate; do
    case "$candidate" in
      "$cur"*) COMPREPLY+=("$(printf '%q' "$candidate")") ;;
    esac
  done < <(_platform_candidates "$cur" "\${COMP_WORDS[@]:1:COMP_CWORD-1}")
}
complete -o default -F _platform platform
`;
}

export function zshScript(data: CompletionData): string {
  return `#compdef platform
# zsh completion for platform. Load it in this shell (after compinit):  source <(platform completion zsh)
# or for every shell: save it as _platform in a folder of your $fpath.

${core(data)}

_platform() {
  local -a candidates
  candidates=("\${(@f)$(_platform_candidates "\${words[CURRENT]}" "\${(@)words[2,CURRENT-1]}")}")
  candidates=("\${(@)candidates:#}")
  if (( \${#candidates} )); then compadd -a candidates; else _files; fi
}
if (( $+functions[compdef] )); then compdef _platform platform; fi
`;
}
