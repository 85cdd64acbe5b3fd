# The initial error handler given by the key mpi_initial_errhandler in the
# info of MPI_Comm_spawn and of each command of MPI_Comm_spawn_multiple
# (MPI-4.1 9.3, 11.8.4): the children's MPI_COMM_WORLD and MPI_COMM_SELF
# get it and MPI_INFO_ENV reports it in lower case (initial_errhandler/
# check.c), the name in any case, read both by MPI at the root and by hydra
# (doc/sessions.txt, "The initial error handler"). An unknown name makes
# MPI_Comm_spawn fail with MPI_ERR_SPAWN on every process, with a message
# naming the key and the value. Skipped, with the reason, where the device
# has no dynamic processes (MPICH 4.0.2's ch4:ucx: dynamic_processes/probe.sh).
# mpich-info-test: np=1 section=sessions
set -eu
prefix=${MPICH_INFO_PREFIX:?}
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=initial_errhandler/launch.sh
. "$here/initial_errhandler/launch.sh" initial_errhandler_spawn
# shellcheck source=dynamic_processes/probe.sh
. "$here/dynamic_processes/probe.sh"
if no_dynamic_processes "$prefix" "$work"; then
    exit 77
fi

run "spawn with mpi_initial_errhandler mpi_errors_return" \
    -n 2 "$work/check" mpi_errors_are_fatal spawn mpi_errors_return
# The spawn info's value in any case: MPI (before it asks for the spawn)
# and hydra (when it starts the children) both read it; the child expects
# MPI_INFO_ENV to report it in lower case.
for name in MPI_ERRORS_RETURN Mpi_Errors_Abort MPI_ERRORS_ARE_FATAL; do
    run "spawn with mpi_initial_errhandler $name" \
        -n 2 "$work/check" mpi_errors_are_fatal spawn "$name"
done
run "spawn_multiple: each command its own mpi_initial_errhandler, in other cases" \
    -n 2 "$work/check" mpi_errors_are_fatal spawn-multiple MPI_Errors_Return MPI_ERRORS_ABORT
run "spawn_multiple: each command its own mpi_initial_errhandler" \
    -n 1 "$work/check" mpi_errors_return spawn-multiple mpi_errors_abort mpi_errors_return
run "spawn with an unknown mpi_initial_errhandler" \
    -n 2 "$work/check" mpi_errors_are_fatal spawn mpi_errors_ignore
if [ -z "$hung_run" ] &&
        { ! grep -q "mpi_initial_errhandler" run.out || ! grep -q "mpi_errors_ignore" run.out; }; then
    echo "FAILED: the refused spawn's message names neither the key nor the value given"
    sed 's/^/  | /' run.out | head -n 10
    status=1
fi
exit "$status"
