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

# not_applicable NAME SECTION [WHAT]: a test that needs a section of the
# series the MPICH under test was built without (configure --with-series;
# WHAT says what for, when the test itself is of an earlier section): it
# does not run, and counts neither as passed nor as skipped.
not_applicable() {
    echo "N/A: ${MPICH_INFO_RESULT_PREFIX:-}$1 (needs section $2 of the series${3:+ $3}; built with ${MPICH_INFO_SECTIONS:-all})"
}

# section_built NAME: whether the MPICH under test has section NAME of the
# series (MPICH_INFO_SECTIONS, comma-separated; unset: every section).
section_built() {
    case ${MPICH_INFO_SECTIONS:-all} in
        all) return 0 ;;
        *) case ",$MPICH_INFO_SECTIONS," in *",$1,"*) return 0 ;; *) return 1 ;; esac ;;
    esac
}

# The process counts a test declares on a line "mpich-info-test: np=1,2,4"
# (as "1,2,4"; empty when it declares none).
declared_process_counts() {
    sed -n 's/.*mpich-info-test: np=\([0-9,]*\).*/\1/p' "$1" | head -n 1
}

# The section of the series a test needs, declared on the same line:
# "mpich-info-test: np=1,2 section=info" (empty when it declares none).
declared_section() {
    sed -n 's/.*mpich-info-test: .*section=\([a-z]*\).*/\1/p' "$1" | head -n 1
}

# Seconds left before MPICH_INFO_DEADLINE (at least 1), or nothing when no
# deadline is set: what a runner may still spend.
seconds_to_deadline() {
    [ -n "${MPICH_INFO_DEADLINE:-}" ] || return 0
    local left=$((MPICH_INFO_DEADLINE - $(date +%s)))
    echo $((left > 1 ? left : 1))
}
