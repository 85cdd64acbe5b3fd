# Shared by the shell tests of test/mpi that make several runs (sourced, not
# run). Each run has a limit of its own; once a run has been killed at its
# limit, the later runs are named but left out. So a test whose runs hang
# still reports its failure well within the harness's time limit (180 s,
# test/mpi/run), where a kill would report nothing, and make audit, which
# does not count a kill as the test noticing, sees the failure.
#
# limited_run WHAT LIMIT OUT COMMAND ...: runs COMMAND (input /dev/null,
# output and errors to OUT), stopped after LIMIT seconds (and killed 10 s
# later if it ignores that); its exit status is left in run_status (124:
# stopped at the limit), said in words in run_outcome for the caller's
# messages, and limited_run returns 0. After an earlier run was stopped,
# it runs nothing, says that WHAT was not run, and returns 1. The caller
# judges run_status and reports the run.
run_status=0
run_outcome=
hung_run=
limited_run() {
    local what=$1 limit=$2 out=$3
    shift 3
    if [ -n "$hung_run" ]; then
        echo "not run after the run that hung ($hung_run): $what"
        return 1
    fi
    run_status=0
    timeout -k 10 "$limit" "$@" < /dev/null > "$out" 2>&1 || run_status=$?
    run_outcome="status $run_status"
    if [ "$run_status" -eq 124 ]; then
        hung_run=$what
        run_outcome="status 124, stopped at the $limit s limit"
    fi
    return 0
}
