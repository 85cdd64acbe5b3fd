# Checked assertions under the default error handler (doc/assertions.txt,
# "Checked assertions"): a program that breaks an assertion of its
# communicator or window (asserted_abort/breaks.c, one case per run) ends at
# the call that breaks it, every process, with a message that names the hint
# (or, since hydra may end a process before its last output is passed on, with
# an exit status equal to the error's class, which MPICH exits with); neither
# a normal end ("kept going": the check is missing) nor a hang (a kill at the
# time limit) passes. (With the checks off at run time the same program goes
# on: asserted_unchecked.sh.)
# mpich-info-test: np=2 section=info
set -eu
prefix=${MPICH_INFO_PREFIX:?}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../limited_run.sh"
work="${MPICH_INFO_TEST_OUT:?}/asserted_abort"
rm -rf "$work"
mkdir -p "$work"
cd "$work"
"$prefix/bin/mpicc" -o breaks "$here/asserted_abort/breaks.c"
status=0

for case in any_source any_tag exact_length no_locks same_size; do
    # (the hint, and the class of the error: MPI_ERR_RANK, MPI_ERR_TAG,
    # MPI_ERR_COUNT, MPI_ERR_RMA_SYNC, MPI_ERR_NOT_SAME in MPICH's mpi.h)
    case $case in
        any_source) hint=mpi_assert_no_any_source class=6 ;;
        any_tag) hint=mpi_assert_no_any_tag class=4 ;;
        exact_length) hint=mpi_assert_exact_length class=2 ;;
        no_locks) hint=$case class=50 ;;
        same_size) hint=$case class=35 ;;
    esac
    limited_run "$case" 60 "$case.out" "$prefix/bin/mpiexec" -n 2 ./breaks "$case" || continue
    rc=$run_status
    if [ "$rc" -eq 0 ] || [ "$rc" -eq 124 ] || grep -q "kept going" "$case.out" ||
        { ! grep -q "$hint" "$case.out" && [ "$rc" -ne "$class" ]; }; then
        echo "FAILED: $case: expected the program to end with a message naming $hint" \
            "or exit status $class, got $run_outcome and:"
        sed 's/^/  | /' "$case.out" | head -n 20
        status=1
    else
        echo "ok: $case ends the program, naming $hint (exit status $rc)"
    fi
done

exit "$status"
