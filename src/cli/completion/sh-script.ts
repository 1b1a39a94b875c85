// Completion scripts for bash and zsh: the command tree's data as POSIX shell functions (they run
// unchanged in both), a walk over the words typed so far that finds the command path, and each
// shell's own glue: bash's `complete -F`, zsh's `compdef`. When nothing matches (a file
// argument), both fall back to completing file names. A project-local install is run as
// `npx platform`, so both also complete after `npx platform`, and leave any other `npx` line to
// the shell's default completion.
import { shellQuote as quote } from "../shell-word.js";
import type { CompletionData } from "./completion-data.js";

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
  return `# bash completion for platform (and npx platform). Load it in this shell:  source <(npx platform completion bash)
# or for every shell, through bash-completion, which loads a command's file the first time it completes it:
#   mkdir -p ~/.local/share/bash-completion/completions
#   npx platform completion bash > ~/.local/share/bash-completion/completions/platform
#   ln -sf platform ~/.local/share/bash-completion/completions/npx

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

# npx platform …: the same completion over the words after npx; any other npx line gets file names.
_platform_npx() {
  COMPREPLY=()
  if (( COMP_CWORD >= 2 )) && [[ "\${COMP_WORDS[1]}" == platform ]]; then
    local -a COMP_WORDS=("\${COMP_WORDS[@]:1}")
    local COMP_CWORD=$((COMP_CWORD - 1))
    _platform
  fi
}
complete -o default -F _platform platform
complete -o default -F _platform_npx npx
`;
}

export function zshScript(data: CompletionData): string {
  return `#compdef platform npx
# zsh completion for platform (and npx platform). Load it in this shell (after compinit):  source <(npx platform completion zsh)
# or for every shell: save it as _platform in a folder of your $fpath, before compinit runs:
#   mkdir -p ~/.zfunc
#   npx platform completion zsh > ~/.zfunc/_platform
#   echo 'fpath=(~/.zfunc $fpath); autoload -Uz compinit && compinit' >> ~/.zshrc

${core(data)}

_platform() {
  # npx platform …: complete the words after npx; any other npx line is left to the default.
  if [[ "\${words[1]:t}" == npx ]]; then
    if (( CURRENT > 2 )) && [[ "\${words[2]}" == platform ]]; then
      shift words; (( CURRENT-- ))
    else
      _default; return
    fi
  fi
  local -a candidates
  candidates=("\${(@f)$(_platform_candidates "\${words[CURRENT]}" "\${(@)words[2,CURRENT-1]}")}")
  candidates=("\${(@)candidates:#}")
  if (( \${#candidates} )); then compadd -a candidates; else _files; fi
}

# Autoloaded from $fpath by compinit, this file is _platform's first call: complete now. Sourced,
# register it.
if [[ "\${funcstack[1]}" == _platform ]]; then
  _platform "$@"
elif (( $+functions[compdef] )); then
  compdef _platform platform npx
fi
`;
}
