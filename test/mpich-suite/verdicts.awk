# Turns runtests' TAP file into one verdict per result and per missing
# result. Arguments: the entries file (select.awk), known-failures, the log
# of mpiexec runs (timed-mpiexec), the TAP file. Variables: detail_dir,
# where the output of each failure is written; stopped, why runtests
# stopped early (empty if it was not told to).
# Prints tab-separated lines: "pass|fail|skip  label  message  detail-file".
#
# A result is classified by what happened, not only by runtests' ok:
#   timeout      mpiexec ran for the whole limit runtests gave it (hydra
#                killed it then). runtests counts that as the pass of a
#                test that expects a nonzero status (an MPI_Abort test),
#                which proves nothing, so it is a failure, except for a
#                test whose entry says resultTest=TestErrFatal (init/timeout:
#                a program that must be killed at its limit).
#   zero-status  a test that must end with a nonzero status ended with 0
#   pass, fail   otherwise, as runtests says
# The k-th result of a test is matched with its k-th logged run. A test
# listed in known-failures must fail the way its line says (timeout,
# zero-status, or either: "timeout|zero-status"); if it passes, it is to be
# removed from the list. An entry without a result (the run stopped early)
# fails.

function flush(   key, outcome, label, expect) {
    if (name == "") return
    key = name " " np
    got[key]++
    label = "mpich/" name " np=" np
    if (status == "skip") { print "skip\t" label "\t" note "\t"; name = ""; return }
    run = ++used[key]
    killed = (key SUBSEP run) in run_killed ? run_killed[key, run] : (time + 2 >= limit[key])
    if (killed && (key in kill_expected))
        outcome = "pass"
    else if (killed) outcome = "timeout"
    else if (status == "pass") outcome = "pass"
    else if (detail ~ /returned a zero status/) outcome = "zero-status"
    else outcome = "fail"
    file = ""
    if (detail != "") { file = detail_dir "/detail-" NR ".out"; printf "%s", detail > file; close(file) }
    if (key in expect_of) {
        expect = expect_of[key]
        if (outcome == "pass")
            print "fail\t" label "\tpasses: remove it from known-failures\t" file
        else if (index("|" expect "|", "|" outcome "|"))
            print "pass\t" label " (known failure, fails as listed: " outcome ")\t" reason_of[key] "\t"
        else
            print "fail\t" label "\tknown failure expected to fail by " expect ", got " outcome "\t" file
    } else if (outcome == "pass")
        print "pass\t" label "\t\t"
    else if (outcome == "timeout")
        print "fail\t" label "\tkilled at its time limit of " limit[key] " s (mpiexec did not end by itself)\t" file
    else
        print "fail\t" label "\t" outcome "\t" file
    name = ""
}

FILENAME == ARGV[1] {
    key = $1 " " $2
    if (!(key in wanted)) order[++n] = key
    wanted[key]++
    if (!(key in limit) || $3 < limit[key]) limit[key] = $3
    if ($4 == "kill-expected") kill_expected[key] = 1
    next
}

# timed-mpiexec's log: "dir/program np seconds status limit".
FILENAME == ARGV[3] {
    key = $1 " " $2
    run_killed[key, ++runs[key]] = ($5 > 0 && $3 + 1 >= $5)
    next
}

FILENAME == ARGV[2] {
    if (/^#/ || NF < 4) next
    key = $1 " " $2
    expect_of[key] = $4
    r = $0
    for (i = 1; i <= 4; i++) sub(/^[^ ]+ +/, "", r)
    reason_of[key] = r
    next
}

# TAP: "ok N - ./dir/test NP # time=T", "... # SKIP reason", "not ok ..."
# followed by "## " lines of output.
/^(not )?ok / {
    flush()
    status = ($1 == "not") ? "fail" : "pass"
    line = $0
    sub(/^(not )?ok +[0-9]* *- \.\//, "", line)
    note = ""
    if (match(line, / # SKIP .*/)) { note = substr(line, RSTART + 8); status = "skip" }
    time = 0
    if (match(line, /# time=[0-9.]+/)) time = substr(line, RSTART + 7, RLENGTH - 7) + 0
    sub(/ #.*/, "", line)
    split(line, f, " ")
    name = f[1]; np = f[2]; detail = ""
    next
}
/^## / { if (name != "") detail = detail substr($0, 4) "\n"; next }

END {
    flush()
    for (i = 1; i <= n; i++) {
        key = order[i]
        if (got[key] < wanted[key]) {
            split(key, f, " ")
            print "fail\tmpich/" f[1] " np=" f[2] "\t" wanted[key] " entries listed, " (got[key] + 0) \
                " with a result: " (stopped != "" ? stopped : "runtests ended before the others") "\t"
        }
    }
}
