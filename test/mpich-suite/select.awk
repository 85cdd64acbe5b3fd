# Rewrites one directory's testlist (the input) into the list runtests runs,
# and appends to the file named by `entries` one line per entry that must
# get a result: "dir/test np limit [kill-expected]" (repeated entries give
# repeated lines).
# Variables: dir, known (known-failures), only (selection file), omit
# (tests a pass leaves out: "dir/test reason" lines), cores,
# yield_env (the settings an oversubscribed test runs with, separated by
# spaces; empty when the MPICH under test cannot yield), default_limit,
# not_applicable (a file: an oversubscribed entry that cannot yield is
# written there as "dir/test np" instead of being run).
#
# Every entry runs, known failures included: a known failure runs with the
# limit its known-failures line gives, so that it is seen to fail as listed.
# A test with more processes than cores runs with yield_env, so that a
# waiting process gives its core to the ones it waits for.

function in_dir(name) { return index(name, dir "/") == 1 && index(substr(name, length(dir) + 2), "/") == 0 }

# The first word of each line of a list file (selection, omissions): a set.
function read_names(file, names,    line, f) {
    # No file named is an empty list (gawk, unlike mawk, stops on getline < "").
    if (file == "") return
    while ((getline line < file) > 0) {
        if (line ~ /^#/ || line !~ /[^ ]/) continue
        split(line, f, " ")
        names[f[1]] = 1
    }
}

BEGIN {
    while ((getline line < known) > 0) {
        if (line ~ /^#/ || line !~ /[^ ]/) continue
        split(line, f, " ")
        known_limit[f[1] " " f[2]] = f[3]
    }
    # A selection that names tests of this directory runs only those.
    read_names(only, picked)
    for (name in picked) if (in_dir(name)) partial = 1
    read_names(omit, omitted)
}

/^#/ || NF == 0 { next }

{
    name = dir "/" $1
    if ((partial && !(name in picked)) || name in omitted) next
    # runtests ignores what follows a "#"; an entry without a process
    # count gets runtests' default written in, so settings added after it
    # are not read as the count.
    sub(/ *#.*/, "")
    if ($2 !~ /^[0-9]+$/) $1 = $1 " 2"
    $0 = $0
    np = $2
    limit = default_limit
    for (i = 3; i <= NF; i++)
        if ($i ~ /^timeLimit=[0-9]+$/) limit = substr($i, 11) + 0
    line = $0
    if ((name " " np) in known_limit) {
        limit = known_limit[name " " np]
        line = line " timeLimit=" limit   # runtests takes the last one given
    }
    if (np + 0 > cores + 0 && yield_env == "") {
        print name " " np >> not_applicable
        next
    }
    if (np + 0 > cores + 0) {
        n_env = split(yield_env, env, " ")
        for (i = 1; i <= n_env; i++) line = line " env=" env[i]
    }
    print line
    # A program that must be killed at its limit (init/timeout).
    print name " " np " " limit (line ~ /resultTest=TestErrFatal/ ? " kill-expected" : "") >> entries
}
