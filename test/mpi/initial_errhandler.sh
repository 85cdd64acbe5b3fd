# The initial error handler chosen at launch (MPI-4.1 9.3, 11.2.3, 11.8.4):
# mpiexec -initial-errhandler NAME, per part of an MPMD launch, selects the
# handler of MPI_COMM_WORLD and MPI_COMM_SELF and of errors before
# MPI_Init, and MPI_INFO_ENV reports it (initial_errhandler/check.c checks
# each launch; the key mpi_initial_errhandler of a spawn info is
# initial_errhandler_spawn.sh's). An unknown name stops mpiexec before it
# starts anything. A fatal error (the initial handler, or a session's) ends
# every process of the launch. mpiexec -h lists the option.
# Names are accepted in any case (doc/sessions.txt, "The initial error
# handler": "mpi_errors_are_fatal (the default), mpi_errors_abort or
# mpi_errors_return, in any case"): hydra's -initial-errhandler (each of the
# three names in upper and mixed case, and per MPMD part), and MPI_INFO_ENV,
# MPI_Info_create_env and mpiinfo report the name in lower case, as the
# MPI_INFO_ENV table of doc/info-env.txt writes it, whatever case was given.
# mpich-info-test: np=1 section=sessions
set -eu
prefix=${MPICH_INFO_PREFIX:?}
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=initial_errhandler/launch.sh
. "$here/initial_errhandler/launch.sh" initial_errhandler

run "no option: mpi_errors_are_fatal" -n 2 ./check mpi_errors_are_fatal world
for name in mpi_errors_return mpi_errors_abort mpi_errors_are_fatal \
        MPI_ERRORS_RETURN MPI_ERRORS_ABORT MPI_ERRORS_ARE_FATAL \
        Mpi_Errors_Return mpi_Errors_ABORT Mpi_errors_are_Fatal; do
    lower=$(printf '%s' "$name" | tr '[:upper:]' '[:lower:]')
    run "-initial-errhandler $name" -initial-errhandler "$name" -n 2 ./check "$lower" world
    run "-initial-errhandler $name, sessions only" -initial-errhandler "$name" -n 2 \
        ./check "$lower" sessions
done
run "MPMD: each part its own handler" \
    -n 1 -initial-errhandler mpi_errors_return ./check mpi_errors_return world : \
    -n 1 ./check mpi_errors_are_fatal world : \
    -n 1 -initial-errhandler mpi_errors_abort ./check mpi_errors_abort world
run "MPMD, names in other cases: each part its own handler" \
    -n 1 -initial-errhandler MPI_ERRORS_RETURN ./check mpi_errors_return world : \
    -n 1 -initial-errhandler Mpi_Errors_Are_Fatal ./check mpi_errors_are_fatal world : \
    -n 1 -initial-errhandler MPI_Errors_Abort ./check mpi_errors_abort world : \
    -n 1 ./check mpi_errors_are_fatal world

# A fatal error on one process ends them all: none is left waiting, and
# the launch fails with the error: its message, or, since hydra may kill a
# process before its last output is passed on, an exit status equal to the
# error's class, which MPICH exits with (a kill at the time limit, status
# 124, is a failure).
# expect_fatal WHAT MESSAGE CLASS mpiexec-arguments...
expect_fatal() {
    what=$1 message=$2 class=$3
    shift 3
    limited_run "$what" 60 fatal.out "$mpiexec" "$@" || return 0
    rc=$run_status
    if [ "$rc" -eq 0 ] || [ "$rc" -eq 124 ] || grep -q "went on after the error" fatal.out ||
            { ! grep -q "$message" fatal.out && [ "$rc" -ne "$class" ]; }; then
        echo "FAILED: $what: expected every process to end, with \"$message\" or status" \
            "$class; got $run_outcome"
        sed 's/^/  | /' fatal.out | head -n 20
        status=1
    else
        echo "ok: $what (status $rc)"
    fi
}
# MPICH's error classes: MPI_ERR_RANK 6, MPI_ERR_ARG 12
for name in mpi_errors_are_fatal mpi_errors_abort; do
    expect_fatal "-initial-errhandler $name: an error on MPI_COMM_WORLD" "Invalid rank" 6 \
        -initial-errhandler "$name" -n 2 ./check "$name" fail
done
expect_fatal "an error on a session with MPI_ERRORS_ARE_FATAL" "mpi://no-such-set" 12 \
    -n 2 ./check mpi_errors_are_fatal session-fail

# An unknown name: mpiexec stops with a message naming it and the valid
# names, and starts nothing (the program would write started.txt).
cat > started.c <<'PROGRAM'
#include <stdio.h>
int main(void) { FILE *f = fopen("started.txt", "w"); if (f) fclose(f); return 0; }
PROGRAM
cc -o started started.c
rm -f started.txt
if ! limited_run "an unknown name" 60 unknown.out \
        "$mpiexec" -initial-errhandler mpi_errors_ignore -n 1 ./started; then
    :
elif [ "$run_status" -eq 0 ] || [ "$run_status" -eq 124 ] || [ -e started.txt ] ||
        ! grep -q "mpi_errors_ignore" unknown.out || ! grep -q "mpi_errors_return" unknown.out; then
    echo "FAILED: -initial-errhandler mpi_errors_ignore: expected mpiexec to fail naming the" \
        "value and the valid names, starting nothing; got $run_outcome"
    sed 's/^/  | /' unknown.out | head -n 10
    status=1
else
    echo "ok: an unknown name stops mpiexec ($(head -n 1 unknown.out))"
fi

if ! limited_run "mpiinfo, mpi_errors_return" 60 mpiinfo.out \
        "$mpiexec" -initial-errhandler mpi_errors_return -n 1 "$prefix/bin/mpiinfo"; then
    :
elif [ "$run_status" -eq 0 ] && grep -q "mpi_initial_errhandler *mpi_errors_return" mpiinfo.out; then
    echo "ok: mpiinfo shows mpi_initial_errhandler mpi_errors_return"
else
    echo "FAILED: mpiinfo under -initial-errhandler mpi_errors_return: expected status 0 and" \
        "'mpi_initial_errhandler mpi_errors_return', got $run_outcome and:"
    sed 's/^/  | /' mpiinfo.out | head -n 20
    status=1
fi

# mpiinfo, given the name in mixed case, shows it in lower case
if ! limited_run "mpiinfo, Mpi_Errors_Abort" 60 mpiinfo.out \
        "$mpiexec" -initial-errhandler Mpi_Errors_Abort -n 1 "$prefix/bin/mpiinfo"; then
    :
elif [ "$run_status" -eq 0 ] && grep -q "mpi_initial_errhandler *mpi_errors_abort$" mpiinfo.out; then
    echo "ok: mpiinfo under -initial-errhandler Mpi_Errors_Abort shows mpi_errors_abort"
else
    echo "FAILED: mpiinfo under -initial-errhandler Mpi_Errors_Abort: expected" \
        "'mpi_initial_errhandler mpi_errors_abort', got:"
    grep "mpi_initial_errhandler" mpiinfo.out | sed 's/^/  | /' | head -n 5
    sed 's/^/  | /' mpiinfo.out | head -n 20
    status=1
fi

if "$mpiexec" -h 2>&1 | grep -q -- "-initial-errhandler"; then
    echo "ok: mpiexec -h lists -initial-errhandler"
else
    echo "FAILED: mpiexec -h does not list -initial-errhandler"
    status=1
fi
exit "$status"
