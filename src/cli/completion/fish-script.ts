// The completion script for fish: the command tree's data as fish functions (`switch` where the
// POSIX shells use `case`), the same walk over the words typed so far, and `complete -c platform`.
// When nothing matches (a file argument) it offers file names. A project-local install is run as
// `npx platform`, so it also completes npx's words once the first is `platform`.
import type { CompletionData } from "./completion-data.js";

const quote = (text: string): string => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
const lines = (values: readonly string[]): string => `printf '%s\\n' ${values.map(quote).join(" ")}`;

function switchOf(name: string, entries: [string, string][], fallback?: string): string {
  const arms = entries.flatMap(([pattern, body]) => [`        case ${pattern}`, `            ${body}`]);
  return [`function ${name}`, '    switch "$argv[1]"', ...arms, ...(fallback ? ["        case '*'", `            ${fallback}`] : []), "    end", "end"].join("\n");
}

function nested(name: string, table: Map<string, [string, string][]>): string {
  return switchOf(
    name,
    [...table].map(([path, arms]) => [quote(path), `switch "$argv[2]"; ${arms.map(([key, body]) => `case ${key}; ${body};`).join(" ")} end`]),
  );
}

export function fishScript(data: CompletionData): string {
  const values = new Map<string, [string, string][]>();
  for (const [path, flag, choices] of data.values) values.set(path, [...(values.get(path) ?? []), [quote(flag), lines(choices)]]);
  const argumentChoices = new Map<string, [string, string][]>();
  for (const [path, index, choices] of data.argumentChoices) argumentChoices.set(path, [...(argumentChoices.get(path) ?? []), [String(index), lines(choices)]]);
  return `# fish completion for platform (and npx platform). Load it in this shell:  npx platform completion fish | source
# or for every shell (fish loads a command's file the first time it completes it):
#   mkdir -p ~/.config/fish/completions
#   npx platform completion fish > ~/.config/fish/completions/platform.fish
#   ln -sf platform.fish ~/.config/fish/completions/npx.fish

${switchOf("__platform_subcommands", data.subcommands.map(([path, names]) => [quote(path), lines(names)]))}

${switchOf("__platform_flags", data.flags.map(([path, names]) => [quote(path), lines(names)]))}

${switchOf(
  "__platform_takes_value",
  data.valueFlags.filter(([, names]) => names.length > 0).map(([path, names]) => [quote(path), `contains -- "$argv[2]" ${names.map(quote).join(" ")}; and return 0; return 1`]),
  "return 1",
)}

${nested("__platform_values", values)}

${nested("__platform_argument_choices", argumentChoices)}

# Candidates for the word being completed ($argv[1]), given the words before it, one per line.
function __platform_candidates_for
    set -l cur $argv[1]
    set -l path ''
    set -l expect ''
    set -l position 0
    set -l help ''
    for word in $argv[2..-1]
        if test -n "$expect"
            set expect ''
            continue
        end
        switch $word
            case '--*=*'
                continue
            case '-*'
                if __platform_takes_value "$path" $word
                    set expect $word
                end
                continue
        end
        if test -z "$path" -a -z "$help" -a "$word" = help
            set help 1
            continue
        end
        if contains -- $word (__platform_subcommands "$path")
            if test -z "$path"
                set path $word
            else
                set path "$path $word"
            end
            set position 0
        else
            set position (math $position + 1)
        end
    end
    if test -n "$expect"
        __platform_values "$path" $expect
        return
    end
    if test -n "$help"
        __platform_subcommands "$path"
        return
    end
    switch $cur
        case '-*'
            __platform_flags "$path"
            return
    end
    __platform_subcommands "$path"
    __platform_argument_choices "$path" (math $position + 1)
end

# npx platform …: the words after npx are a platform command line.
function __platform_after_npx
    set -l words (commandline -opc)
    test (count $words) -ge 2; and test "$words[2]" = platform
end

function __platform_complete
    set -l words (commandline -opc)
    if test "$words[1]" = npx
        set -e words[1]
    end
    set -l cur (commandline -ct)
    set -l found (__platform_candidates_for $cur $words[2..-1])
    if test (count $found) -gt 0
        printf '%s\\n' $found
    else
        __fish_complete_path $cur
    end
end

complete -c platform -f -a '(__platform_complete)'
complete -c npx -n __platform_after_npx -f -a '(__platform_complete)'
`;
}
