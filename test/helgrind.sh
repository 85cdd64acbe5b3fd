# Shared by the helgrind tests of test/mpi (sourced, not run): one process
# of a program under valgrind's race detector, and the reports that count.
#
# helgrind_test PROGRAM PATTERN [OPTION ...]: the whole test. Builds
# test/mpi/PROGRAM.c with the installed mpicc (with -g) in
# MPICH_INFO_TEST_OUT, runs helgrind_check on it (log PROGRAM_hg.helgrind
# there) and exits: 0 saying " No Errors", 1, or 77 (skipped, saying
# why) where valgrind is not installed.
helgrind_test() {
    local program=$1 pattern=$2 out_dir=${MPICH_INFO_TEST_OUT:?}
    shift 2
    if ! command -v valgrind > /dev/null; then
        echo "SKIP: valgrind is not installed"
        exit 77
    fi
    local exe="$out_dir/${program}_hg"
    "${MPICH_INFO_PREFIX:?}/bin/mpicc" -g -o "$exe" "$helgrind_sources/$program.c"
    if helgrind_check "$program" "$exe" "$exe.helgrind" "$pattern" "$@"; then
        echo " No Errors"
        exit 0
    fi
    exit 1
}
helgrind_sources=$(cd "$(dirname "${BASH_SOURCE[0]}")/mpi" && pwd)

# helgrind_check WHAT EXE LOG PATTERN [OPTION ...]: runs EXE with the
# installed mpiexec under helgrind (with the valgrind OPTIONs given; killed
# after helgrind_limit seconds, below the harness's 180 s, so that a hang
# is reported here), logging to LOG; fails (status 1, saying why) when the
# program fails, when a report's stack matches the extended regular
# expression PATTERN (the code under test; races elsewhere, as in
# libfabric's threads, are not ours to judge), or when valgrind wrote no
# summary. helgrind separates its reports by a line of dashes.
helgrind_limit=120
helgrind_check() {
    local what=$1 exe=$2 log=$3 pattern=$4 status=0 rc=0 reports
    shift 4
    timeout -k 10 "$helgrind_limit" "$MPICH_INFO_PREFIX/bin/mpiexec" -n 1 \
        valgrind --tool=helgrind "$@" --log-file="$log" "$exe" || rc=$?
    if [ "$rc" -ne 0 ]; then
        echo "$what under helgrind: expected status 0, got $rc (124: killed at $helgrind_limit s)"
        status=1
    fi
    reports=$(awk -v p="$pattern" '
        /^==[0-9]+== -+$/ { if (block ~ p) print block "\n"; block = ""; next }
        { block = block "\n" $0 }
        END { if (block ~ p) print block }' "$log")
    if [ -n "$reports" ]; then
        echo "$what under helgrind: expected no race in the code under test, got:"
        printf '%s\n' "$reports" | head -n 60
        status=1
    fi
    if ! grep -q 'ERROR SUMMARY' "$log"; then
        echo "$what under helgrind: valgrind wrote no summary to $log"
        status=1
    fi
    return "$status"
}
