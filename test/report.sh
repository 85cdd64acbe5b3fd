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

# The process counts a test declares on a line "mpich-info-test: np=1,2,4"
# (as "1,2,4"; empty when it declares none).
declared_process_counts() {
    sed -n 's/.*mpich-info-test: np=\([0-9,]*\).*/\1/p' "$1" | head -n 1
}

# Seconds left before MPICH_INFO_DEADLINE (at least 1), or nothing when no
# deadline is set: what a runner may still spend.
seconds_to_deadline() {
    [ -n "${MPICH_INFO_DEADLINE:-}" ] || return 0
    local left=$((MPICH_INFO_DEADLINE - $(date +%s)))
    echo $((left > 1 ? left : 1))
}
