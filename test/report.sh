# Result lines shared by every test runner; test/run-all counts them.
# Sourced, not executed. MPICH_INFO_RESULT_PREFIX, when set, starts every
# test name, so a pass of the same tests in another setting (the
# MPI_THREAD_MULTIPLE pass: "thread-multiple/") has names of its own.

pass() { echo "PASS: ${MPICH_INFO_RESULT_PREFIX:-}$1"; }

# fail NAME [DETAIL-FILE]: the detail (what was expected, what came) is
# printed indented under the result line.
fail() {
    echo "FAIL: ${MPICH_INFO_RESULT_PREFIX:-}$1"
    if [ -n "${2:-}" ] && [ -s "$2" ]; then
        tail -n 40 "$2" | sed 's/^/    | /'
    fi
}

skip() { echo "SKIP: ${MPICH_INFO_RESULT_PREFIX:-}$1 ($2)"; }
