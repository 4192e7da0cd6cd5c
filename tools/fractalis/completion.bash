# bash completion for fractalis. Everything it offers is read from the
# CLI's own --help (the option tables), so it never falls behind: the
# commands from `fractalis --help`, a command's options from
# `fractalis WORDS --help`, an option's values from its "[default: ...;
# a|b|c]" line, file names where an option takes a file.
_fractalis_help() {
    "${COMP_WORDS[0]}" "$@" --help 2>/dev/null
}

_fractalis() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
    local -a words=()
    local i w
    # the command's words: those before the first option
    for ((i = 1; i < COMP_CWORD; i++)); do
        w=${COMP_WORDS[i]}
        [[ $w == -* ]] && break
        words+=("$w")
    done
    if ((COMP_CWORD == 1)); then
        COMPREPLY=($(compgen -W "$("${COMP_WORDS[0]}" --help 2>/dev/null |
            awk '/^Commands:/ {on = 1; next} /^$/ {on = 0} on && /^  [a-z]/ {print $1}' | sort -u) --help --version" -- "$cur"))
        return
    fi
    if ((${#words[@]} == 1 && COMP_CWORD == 2)) && [[ $cur != -* ]]; then
        # render FORMULA | buddhabrot ... | flame; flame info; bench orbit ...
        local subs
        subs=$("${COMP_WORDS[0]}" --help 2>/dev/null | awk -v c="${words[0]}" 'index($0, "  " c " ") == 1 && substr($0, length(c) + 4, 1) ~ /[a-z]/ {print $2}')
        if [[ ${words[0]} == render ]]; then
            subs+=" $(_fractalis_help render | sed -n 's/^ *FORMULA: //p' | tr -d '|')"
        fi
        if [[ -n ${subs// /} ]]; then
            COMPREPLY=($(compgen -W "$subs" -- "$cur"))
            return
        fi
    fi
    local help
    help=$(_fractalis_help "${words[@]}")
    if [[ $prev == -* ]]; then
        # the option's value: its listed values, or a file name
        local line arg values
        line=$(grep -E -A1 -- "^ +(-[a-z], )?$prev( |$)" <<<"$help")
        arg=$(head -n1 <<<"$line" | sed -nE "s/^ +(-[a-z], )?$prev ([A-Z][^ ]*).*/\2/p")
        if [[ -n $arg ]]; then
            values=$(sed -nE 's/.*\[default: [^;]*; ([a-z0-9_-]+(\|[a-z0-9_-]+)+)\].*/\1/p' <<<"$line" | tr '|' ' ')
            if [[ -n $values ]]; then
                COMPREPLY=($(compgen -W "$values" -- "$cur"))
            else
                COMPREPLY=($(compgen -f -- "$cur"))
                compopt -o filenames 2>/dev/null
            fi
            return
        fi
    fi
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(grep -oE -- '^ +(-[a-z], )?--[a-z0-9-]+' <<<"$help" | sed -E 's/^ +(-[a-z], )?//' | sort -u) --help" -- "$cur"))
        return
    fi
    COMPREPLY=($(compgen -f -- "$cur"))
    compopt -o filenames 2>/dev/null
}
complete -F _fractalis fractalis
