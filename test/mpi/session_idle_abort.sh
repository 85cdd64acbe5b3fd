# A fatal error while MPI is idle after its last session
# (session_idle_abort/aborts.c): MPI_ERRORS_ARE_FATAL aborts all executing
# processes (MPI-4.1 9.3). The job must end with a non-zero exit status and
# MPICH's "Fatal error" message (or, since hydra may end the job before it
# passes on the aborting process's last output, with exit status 12, the
# class of the error, MPI_ERR_ARG in MPICH's mpi.h, which MPICH exits with);
# neither a normal end ("kept going") nor a hang (a kill at the time limit,
# status 124) passes. The exit that follows
# the abort must not stop MPI as the exit of an idle process does: stopping
# waits for the other processes, and a process ended by an abort would wait
# for itself.
# mpich-info-test: np=2 section=sessions
set -eu
prefix=${MPICH_INFO_PREFIX:?}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../limited_run.sh"
work="${MPICH_INFO_TEST_OUT:?}/session_idle_abort"
rm -rf "$work"
mkdir -p "$work"
cd "$work"
"$prefix/bin/mpicc" -o aborts "$here/session_idle_abort/aborts.c"
status=0

for case in all one; do
    limited_run "$case" 60 "$case.out" "$prefix/bin/mpiexec" -n 2 ./aborts "$case" || continue
    rc=$run_status
    if [ "$rc" -eq 0 ] || [ "$rc" -eq 124 ] || grep -q "kept going" "$case.out" ||
        { ! grep -q "Fatal error" "$case.out" && [ "$rc" -ne 12 ]; }; then
        echo "FAILED: $case: expected the job to end with MPICH's \"Fatal error\" message" \
            "and a non-zero exit status, or exit status 12 (MPI_ERR_ARG), got" \
            "$run_outcome and:"
        sed 's/^/  | /' "$case.out" | head -n 20
        status=1
    else
        echo "ok: $case: the abort ends the job (exit status $rc)"
    fi
done

exit "$status"
